import SwiftSyntax

/// The second pass over one file: one walk that hands each node to the rules that look at it.
final class RuleVisitor: SyntaxVisitor {
  private let file: FileContext
  private(set) var findings: [Finding] = []
  private(set) var escapeHatches: [EscapeHatchRule.Use] = []

  init(file: FileContext) {
    self.file = file
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { type(node) }
  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { type(node) }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { type(node) }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { type(node) }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    findings += IsolatedServiceRule.check(node, in: file)
    return .visitChildren
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    findings += UncheckedSendableRule.check(node, in: file)
    if file.typeIsolation(of: Syntax(node)) == true {
      findings += HeavyHelperRule.check(properties: node.memberBlock.members, in: file)
    }
    return .visitChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    findings += HeavyWorkAfterAwaitRule.check(node, in: file)
    return .visitChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    findings += HeavyWorkAfterAwaitRule.check(node, in: file)
    findings += HeavyHelperRule.check(node, in: file)
    findings += UnownedScreenTaskRule.check(node, in: file)
    findings += UnexplainedDetachedTaskRule.check(node, in: file)
    findings += DispatchMainRule.check(node, in: file)
    return .visitChildren
  }

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    if let use = EscapeHatchRule.use(node, in: file) { escapeHatches.append(use) }
    return .visitChildren
  }

  override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
    findings += CancellationAsFailureRule.check(node, in: file)
    return .visitChildren
  }

  private func type(_ node: some DeclGroupSyntax & NamedDeclSyntax) -> SyntaxVisitorContinueKind {
    findings += CoordinationStateRule.check(node, in: file)
    findings += IsolatedServiceRule.check(node, in: file)
    findings += UncheckedSendableRule.check(node, in: file)
    if !node.is(ActorDeclSyntax.self), file.typeIsolation(of: Syntax(node)) == true {
      findings += HeavyHelperRule.check(properties: node.memberBlock.members, in: file)
    }
    return .visitChildren
  }
}
