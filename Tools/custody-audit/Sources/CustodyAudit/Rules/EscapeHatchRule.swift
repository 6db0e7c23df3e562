import SwiftSyntax

/// CA006 (a note): the `MainActor.run` and `MainActor.assumeIsolated` calls of each type,
/// counted across the module and reported once per type and kind, at its first use.
///
/// Two kinds are reported. A hop in code that already runs on the main actor does nothing (a
/// `MainActor.run` in a view's `Task`, an `assumeIsolated` written directly in a method of a
/// `@MainActor` class). A hop in a type whose isolation is unstated decides at the call what the
/// declaration should say. A hop that brings work back from where a main-actor type
/// deliberately leaves it (a child or detached task, a completion handler, a `nonisolated`
/// member, an override of a nonisolated method) is needed, and so is one in an actor or a type
/// bound to another global actor: neither is reported.
enum EscapeHatchRule {
  /// Why a use is reported.
  enum Kind: Sendable {
    /// The code around it already runs on the main actor.
    case redundant
    /// The type around it states no isolation.
    case undecided
  }

  /// One use, as the second pass records it.
  struct Use: Sendable {
    let module: Module
    /// The type (or extended type) the use is written in; `nil` at the top level.
    let owner: String?
    let isRun: Bool
    let kind: Kind
    let finding: Finding
  }

  static func use(_ member: MemberAccessExprSyntax, in file: FileContext) -> Use? {
    guard let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.text == "MainActor" else {
      return nil
    }
    let name = member.declName.baseName.text
    guard name == "run" || name == "assumeIsolated" else { return nil }
    guard let kind = kind(of: member, isRun: name == "run", in: file) else { return nil }
    let owner = file.enclosingTypeName(of: Syntax(member))
    let placeholder = file.finding(.isolationEscapeHatch, at: member, "")
    return Use(module: file.module, owner: owner, isRun: name == "run", kind: kind, finding: placeholder)
  }

  private static func kind(of member: MemberAccessExprSyntax, isRun: Bool, in file: FileContext) -> Kind? {
    let node = Syntax(member)
    var inClosure = false
    var inCallback = false
    var inOverride = false
    var inNonisolatedMember = false
    var current = node.parent
    while let ancestor = current {
      if let closure = ancestor.as(ClosureExprSyntax.self) {
        inClosure = true
        // A completion handler or an observer runs where its API calls it, whatever the
        // isolation of the code that registered it.
        if closure.escapesAsCallback { inCallback = true }
      } else if let function = ancestor.as(FunctionDeclSyntax.self) {
        inOverride = function.modifiers.contains { $0.name.tokenKind == .keyword(.override) }
        inNonisolatedMember =
          DeclaredIsolation(attributes: function.attributes, modifiers: function.modifiers) == .nonisolated
        break
      } else if let variable = ancestor.as(VariableDeclSyntax.self),
        ancestor.parent?.is(MemberBlockItemSyntax.self) == true
      {
        inOverride = variable.modifiers.contains { $0.name.tokenKind == .keyword(.override) }
        inNonisolatedMember =
          DeclaredIsolation(attributes: variable.attributes, modifiers: variable.modifiers) == .nonisolated
        break
      } else if ancestor.is(InitializerDeclSyntax.self) || ancestor.is(DeinitializerDeclSyntax.self)
        || ancestor.asProtocol((any DeclGroupSyntax).self) != nil
      {
        break
      }
      current = ancestor.parent
    }
    let type = file.enclosingTypeDeclaration(of: node)
    if let type {
      if type.is(ActorDeclSyntax.self) { return nil }
      if let group = type.asProtocol((any WithAttributesSyntax).self),
        case .elsewhere = DeclaredIsolation(attributes: group.attributes, modifiers: nil)
      {
        return nil
      }
    }
    if !inCallback, file.isMainActorContext(node) {
      // `MainActor.run` on the main actor only adds a suspension. `assumeIsolated` is redundant
      // where the compiler sees the isolation too: not in an override of a nonisolated
      // Objective-C method (`awakeFromNib`) or in a closure handed to an API, where it is the
      // way to state what the compiler cannot see.
      if isRun || !(inClosure || inOverride) { return .redundant }
      return nil
    }
    // A main-actor type that leaves the main actor on purpose must come back to it; so must a
    // member that states `nonisolated`, or overrides a nonisolated method, whatever its type.
    if let type, file.typeIsolation(of: type) == true { return nil }
    if inNonisolatedMember || inOverride { return nil }
    if type == nil, file.module.defaultIsolation == .mainActor { return nil }
    return .undecided
  }

  /// One note per type and kind, at the first use in report order.
  static func findings(for uses: [Use]) -> [Finding] {
    let byOwner = Dictionary(grouping: uses) { "\($0.module.name)|\($0.owner ?? "")|\($0.kind)" }
    return byOwner.values.compactMap { uses -> Finding? in
      let sorted = uses.sorted { Finding.reportOrder($0.finding, $1.finding) }
      guard let first = sorted.first else { return nil }
      let runs = uses.filter(\.isRun).count
      let assumes = uses.count - runs
      let counts = [
        runs > 0 ? "MainActor.run \(times(runs))" : nil,
        assumes > 0 ? "MainActor.assumeIsolated \(times(assumes))" : nil,
      ].compactMap { $0 }.joined(separator: " and ")
      let who = first.owner.map { "'\($0)'" } ?? "top-level code of this module"
      let message =
        switch first.kind {
        case .undecided: "\(who) uses \(counts); state its isolation on the type or the member instead"
        case .redundant:
          "\(who) uses \(counts) where its code already runs on the main actor; call the code directly"
        }
      let at = first.finding
      return Finding(
        rule: .isolationEscapeHatch, file: at.file, line: at.line, column: at.column, message: message,
        context: first.owner ?? "",
        lineText: first.kind == .undecided ? first.owner ?? "" : "\(first.owner ?? "") already main-actor")
    }
  }

  private static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }
}
