import SwiftParser
import SwiftSyntax

/// The targets a `Package.swift` declares, read as syntax (the manifest is never run): each
/// target's folder and whether it builds with `.defaultIsolation(MainActor.self)`.
struct PackageManifest: Sendable {
  struct Target: Sendable {
    let name: String
    /// The target's folder relative to the package, `Sources/<name>` unless `path:` says otherwise.
    let path: String
    let defaultIsolation: DefaultIsolation
    let isTest: Bool
  }

  let targets: [Target]

  private static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin"]

  init(source: String) {
    let tree = Parser.parse(source: source)
    let calls = TargetCallCollector(viewMode: .sourceAccurate)
    calls.walk(tree)
    let settings = IsolationSettingCollector(viewMode: .sourceAccurate)
    settings.walk(tree)
    targets = calls.targets.map { call in
      let isolation = settings.isolation(for: call.node, named: call.name)
      return Target(
        name: call.name, path: call.path, defaultIsolation: isolation ?? .nonisolated, isTest: call.isTest)
    }
  }

  fileprivate struct TargetCall {
    let name: String
    let path: String
    let isTest: Bool
    let node: FunctionCallExprSyntax
  }

  /// `.target(name: "X", path: "…")` and its kin.
  private final class TargetCallCollector: SyntaxVisitor {
    var targets: [TargetCall] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
        PackageManifest.targetKinds.contains(member.declName.baseName.text),
        let name = node.arguments.first(where: { $0.label?.text == "name" })?.expression.stringLiteralValue
      else { return .visitChildren }
      let isTest = member.declName.baseName.text == "testTarget"
      let path = node.arguments.first(where: { $0.label?.text == "path" })?.expression.stringLiteralValue
      let folder = isTest ? "Tests" : "Sources"
      targets.append(TargetCall(name: name, path: path ?? "\(folder)/\(name)", isTest: isTest, node: node))
      return .visitChildren
    }
  }

  /// `.defaultIsolation(MainActor.self)` and `.defaultIsolation(nil)`, with where each is written.
  private final class IsolationSettingCollector: SyntaxVisitor {
    private var settings: [(isolation: DefaultIsolation, node: Syntax)] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
        member.declName.baseName.text == "defaultIsolation", let argument = node.arguments.first
      else { return .visitChildren }
      let text = argument.expression.trimmedDescription
      settings.append((text.hasPrefix("MainActor") ? .mainActor : .nonisolated, Syntax(node)))
      return .visitChildren
    }

    /// The setting that applies to the target written at `call`: one written inside the call,
    /// one in a variable the call names, or one written outside every target (a loop over
    /// `package.targets`), in that order.
    func isolation(for call: FunctionCallExprSyntax, named name: String) -> DefaultIsolation? {
      var shared: DefaultIsolation?
      for setting in settings {
        if setting.node.isDescendant(of: Syntax(call)) { return setting.isolation }
        if let variable = setting.node.enclosingVariableName {
          if call.references(variable) { return setting.isolation }
        } else if !setting.node.isInsideTargetCall(kinds: PackageManifest.targetKinds) {
          shared = setting.isolation
        }
      }
      return shared
    }
  }
}

extension ExprSyntax {
  /// The text of a string literal without interpolation, or `nil`.
  var stringLiteralValue: String? {
    guard let literal = self.as(StringLiteralExprSyntax.self) else { return nil }
    var text = ""
    for segment in literal.segments {
      guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
      text += plain.content.text
    }
    return text
  }
}

extension SyntaxProtocol {
  fileprivate func isDescendant(of ancestor: Syntax) -> Bool {
    var node = parent
    while let current = node {
      if current.id == ancestor.id { return true }
      node = current.parent
    }
    return false
  }

  /// The name of the variable whose initializer holds this node, as in `let settings = [...]`.
  fileprivate var enclosingVariableName: String? {
    var node = parent
    while let current = node {
      if let variable = current.as(VariableDeclSyntax.self) {
        return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
      }
      node = current.parent
    }
    return nil
  }

  fileprivate func isInsideTargetCall(kinds: Set<String>) -> Bool {
    var node = parent
    while let current = node {
      if let call = current.as(FunctionCallExprSyntax.self),
        let member = call.calledExpression.as(MemberAccessExprSyntax.self),
        kinds.contains(member.declName.baseName.text)
      {
        return true
      }
      node = current.parent
    }
    return false
  }

  fileprivate func references(_ name: String) -> Bool {
    tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) }
  }
}
