/// The isolation a module gives declarations that state none (SE-0466).
public enum DefaultIsolation: String, Codable, Sendable {
  /// Declarations are nonisolated unless they say otherwise: Swift's default.
  case nonisolated
  /// Declarations are `@MainActor` unless they say otherwise: `.defaultIsolation(MainActor.self)`.
  case mainActor = "MainActor"
}

/// One module's files: names resolve among them first.
public struct Module: Hashable, Sendable {
  /// Identifies the module: its package folder and target name, or the folder audited.
  public let name: String
  /// The isolation of declarations that state none.
  public let defaultIsolation: DefaultIsolation
  /// Whether the module holds tests: a `.testTarget`, or files below a `Tests` folder.
  public let isTest: Bool

  public init(name: String, defaultIsolation: DefaultIsolation = .nonisolated, isTest: Bool = false) {
    self.name = name
    self.defaultIsolation = defaultIsolation
    self.isTest = isTest
  }
}

/// One Swift file to audit.
public struct SourceInput: Sendable {
  /// The path as reported.
  public let path: String
  /// The file's text.
  public let text: String
  /// The module the file belongs to.
  public let module: Module

  public init(path: String, text: String, module: Module) {
    self.path = path
    self.text = text
    self.module = module
  }
}
