/// An option as `--help` lists it and the parser reads it.
public struct OptionSpec: Sendable, Hashable {
  /// The name without the dashes: `limit` for `--limit`.
  public let name: String
  /// The placeholder of its value, such as `N`; `nil` for a flag that takes none.
  public let valueName: String?
  /// One line for `--help`.
  public let summary: String

  /// An option that takes a value, such as `--limit N`.
  public init(_ name: String, _ valueName: String, _ summary: String) {
    self.name = name
    self.valueName = valueName
    self.summary = summary
  }

  /// A flag, such as `--json`.
  public init(_ name: String, _ summary: String) {
    self.name = name
    self.valueName = nil
    self.summary = summary
  }

  /// `--limit N`, or `--json` for a flag.
  public var synopsis: String { valueName.map { "--\(name) \($0)" } ?? "--\(name)" }
}

/// A subcommand: its arguments, its options and its help.
public struct CommandSpec: Sendable, Hashable {
  public let name: String
  /// Placeholders of the positional arguments, in order; a trailing `?` marks one as optional,
  /// and a trailing `...` on the last lets it repeat (once or more).
  public let arguments: [String]
  public let options: [OptionSpec]
  /// One line for the command list.
  public let summary: String
  /// Paragraphs for the command's `--help`.
  public let discussion: String

  public init(
    _ name: String, arguments: [String] = [], options: [OptionSpec] = [], summary: String, discussion: String = ""
  ) {
    self.name = name
    self.arguments = arguments
    self.options = options
    self.summary = summary
    self.discussion = discussion
  }

  /// How many positional arguments the command needs.
  var requiredArgumentCount: Int { arguments.count { !$0.hasSuffix("?") } }

  /// Whether the last argument may repeat (`ID...`).
  public var repeatsLastArgument: Bool { arguments.last?.hasSuffix("...") == true }

  func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
}
