import SwiftSyntax

/// One file in the second pass: its tree, its module's resolved names, and how to place a finding.
struct FileContext {
  let path: String
  let module: Module
  let index: ModuleIndex
  let converter: SourceLocationConverter
  let lines: [Substring]
  let isMainFile: Bool
  /// Whether the file imports a UI framework (SwiftUI, UIKit, AppKit, …).
  let importsUI: Bool

  init(path: String, text: String, tree: SourceFileSyntax, module: Module, index: ModuleIndex) {
    self.path = path
    self.module = module
    self.index = index
    converter = SourceLocationConverter(fileName: path, tree: tree)
    lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    isMainFile = path.hasSuffix("/main.swift") || path == "main.swift"
    importsUI = tree.statements.contains { item in
      guard let importDecl = item.item.as(ImportDeclSyntax.self), let first = importDecl.path.first else {
        return false
      }
      return FileContext.uiFrameworks.contains(first.name.text)
    }
  }

  static let uiFrameworks: Set<String> = ["SwiftUI", "UIKit", "AppKit", "Cocoa", "WatchKit", "TVUIKit"]

  /// Whether `node` is top-level code of a program that draws no screen: `main.swift` of a
  /// command-line tool or server, which imports no UI framework. Its main actor stalls no input.
  func isTopLevelCodeOfAProgramWithoutUI(_ node: Syntax) -> Bool {
    guard isMainFile, !importsUI, module.defaultIsolation != .mainActor else { return false }
    var current = node.parent
    while let node = current {
      if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self)
        || node.asProtocol((any DeclGroupSyntax).self) != nil
      {
        return false
      }
      current = node.parent
    }
    return true
  }

  /// The text of the 1-based `line`, or `""`.
  func text(ofLine line: Int) -> Substring { line >= 1 && line <= lines.count ? lines[line - 1] : "" }

  /// A finding of `rule` at `node`.
  func finding(_ rule: RuleID, at node: some SyntaxProtocol, _ message: String) -> Finding {
    let location = node.startLocation(converter: converter)
    return Finding(
      rule: rule, file: path, line: location.line, column: location.column, message: message,
      context: declarationPath(of: Syntax(node)), lineText: String(text(ofLine: location.line)))
  }

  /// The names of the declarations around `node`, outermost first: `CatalogViewModel.load(_:)`.
  func declarationPath(of node: Syntax) -> String {
    var names: [String] = []
    var current = node.parent
    while let node = current {
      if let name = node.declarationName { names.append(name) }
      current = node.parent
    }
    return names.reversed().joined(separator: ".")
  }

  /// The type, actor, protocol or extension declaration around `node`.
  func enclosingTypeDeclaration(of node: Syntax) -> Syntax? {
    var current = node.parent
    while let node = current {
      if node.asProtocol((any DeclGroupSyntax).self) != nil { return node }
      current = node.parent
    }
    return nil
  }

  /// The type or extended type around `node`.
  func enclosingTypeName(of node: Syntax) -> String? {
    var current = node.parent
    while let node = current {
      if let group = node.asProtocol((any DeclGroupSyntax).self) {
        if let named = group.asProtocol((any NamedDeclSyntax).self) { return named.name.text }
        if let extensionDecl = node.as(ExtensionDeclSyntax.self) { return extensionDecl.extendedType.plainName }
      }
      current = node.parent
    }
    return nil
  }
}

extension Syntax {
  /// The name this node gives the code inside it, if it is a declaration that has one.
  fileprivate var declarationName: String? {
    if let named = asProtocol((any NamedDeclSyntax).self), !self.is(VariableDeclSyntax.self) {
      if let function = self.as(FunctionDeclSyntax.self) {
        let labels = function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }
        return "\(named.name.text)(\(labels.joined()))"
      }
      return named.name.text
    }
    if let extensionDecl = self.as(ExtensionDeclSyntax.self) { return extensionDecl.extendedType.plainName }
    if let initializer = self.as(InitializerDeclSyntax.self) {
      let labels = initializer.signature.parameterClause.parameters.map { "\($0.firstName.text):" }
      return "init(\(labels.joined()))"
    }
    if let variable = self.as(VariableDeclSyntax.self) {
      return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }
    if self.is(DeinitializerDeclSyntax.self) { return "deinit" }
    return nil
  }
}
