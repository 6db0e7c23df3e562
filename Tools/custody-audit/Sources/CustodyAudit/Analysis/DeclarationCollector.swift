import SwiftSyntax

/// The first pass over one file: the types, extensions and functions that name resolution needs.
final class DeclarationCollector: SyntaxVisitor {
  private(set) var declarations = FileDeclarations()
  private var owners: [String] = []

  init() { super.init(viewMode: .sourceAccurate) }

  static func collect(_ tree: SourceFileSyntax) -> FileDeclarations {
    let collector = DeclarationCollector()
    collector.walk(tree)
    return collector.declarations
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, .class, node.attributes, node.modifiers, node.inheritanceClause, node.memberBlock)
  }
  override func visitPost(_ node: ClassDeclSyntax) { owners.removeLast() }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, .struct, node.attributes, node.modifiers, node.inheritanceClause, node.memberBlock)
  }
  override func visitPost(_ node: StructDeclSyntax) { owners.removeLast() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, .enum, node.attributes, node.modifiers, node.inheritanceClause, node.memberBlock)
  }
  override func visitPost(_ node: EnumDeclSyntax) { owners.removeLast() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, .actor, node.attributes, node.modifiers, node.inheritanceClause, node.memberBlock)
  }
  override func visitPost(_ node: ActorDeclSyntax) { owners.removeLast() }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, .protocol, node.attributes, node.modifiers, node.inheritanceClause, node.memberBlock)
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { owners.removeLast() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = node.extendedType.plainName
    declarations.extensions.append(
      ExtensionRecord(
        name: name, isolation: DeclaredIsolation(attributes: node.attributes, modifiers: node.modifiers),
        inherited: node.inheritanceClause?.names ?? []))
    owners.append(name)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { owners.removeLast() }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    record(
      name: node.name.text, parameters: node.signature.parameterClause.parameters,
      isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil,
      isolation: DeclaredIsolation(attributes: node.attributes, modifiers: node.modifiers), body: node.body)
    return .skipChildren
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    record(
      name: "init", parameters: node.signature.parameterClause.parameters,
      isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil,
      isolation: DeclaredIsolation(attributes: node.attributes, modifiers: node.modifiers), body: node.body)
    return .skipChildren
  }

  // Bodies of properties, subscripts and deinitializers hold no declarations the pass needs.
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    declarations.functions.append(
      FunctionRecord(
        name: "deinit", labels: [], owner: owners.last, isAsync: false, isolation: .nonisolated, operations: [],
        calls: [], handles: node.body.map(HandleUse.init) ?? HandleUse()))
    return .skipChildren
  }

  private func enter(
    _ name: String, _ kind: TypeRecord.Kind, _ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax,
    _ inheritance: InheritanceClauseSyntax?, _ members: MemberBlockSyntax
  ) -> SyntaxVisitorContinueKind {
    let stored = StoredProperty.all(in: members.members)
    declarations.types.append(
      TypeRecord(
        name: name, kind: kind, isolation: DeclaredIsolation(attributes: attributes, modifiers: modifiers),
        inherited: inheritance?.names ?? [],
        storedVariables: stored.filter { $0.isVariable && !$0.isStatic }.map(\.name),
        holdsLock: stored.contains { $0.holdsLock }))
    owners.append(name)
    return .visitChildren
  }

  private func record(
    name: String, parameters: FunctionParameterListSyntax, isAsync: Bool, isolation: DeclaredIsolation,
    body: CodeBlockSyntax?
  ) {
    let scanner = body.map { InlineScanner.scan($0.statements) }
    declarations.functions.append(
      FunctionRecord(
        name: name, labels: parameters.map { $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text },
        owner: owners.last, isAsync: isAsync, isolation: isolation,
        operations: scanner?.hits.map(\.operation) ?? [], calls: scanner?.calls ?? [],
        handles: body.map(HandleUse.init) ?? HandleUse()))
  }
}

extension HandleUse {
  /// `name?.cancel()` or `name.cancel()` cancels `name`; `name = Task …` starts it.
  init(_ body: CodeBlockSyntax) {
    let tokens = Array(body.tokens(viewMode: .sourceAccurate))
    for (offset, token) in tokens.enumerated() {
      guard case .identifier(let name) = token.tokenKind else { continue }
      let next = tokens[(offset + 1)...].prefix(4).map(\.text)
      if next.starts(with: ["?", ".", "cancel", "("]) || next.starts(with: [".", "cancel", "("]) {
        cancels.insert(name)
      } else if next.starts(with: ["=", "Task"]) {
        starts.insert(name)
      }
    }
  }
}
