import SwiftSyntax

/// CA003: a synchronous function that does CPU-heavy work (itself or through the functions it
/// calls), called from a main-actor context; and a main-actor computed property that does such
/// work on every read.
enum HeavyHelperRule {
  static func check(_ call: FunctionCallExprSyntax, in file: FileContext) -> [Finding] {
    // An awaited call reaches an async function, whatever synchronous overload shares its name.
    guard let reference = CallReference(call), !call.isAwaited else { return [] }
    let owner = file.enclosingTypeName(of: Syntax(call))
    guard let (id, reason) = file.index.heavyFunction(of: reference, owner: owner, in: file.module),
      file.isMainActorContext(Syntax(call)), !file.isTopLevelCodeOfAProgramWithoutUI(Syntax(call))
    else { return [] }
    // A helper that is heavy only through a call it makes on the main actor itself: that call
    // is reported, nearer the work, and fixing it fixes this one.
    if !reason.through.isEmpty, file.index.runsOnMainActor(id) { return [] }
    let function = file.index.functions[id]
    let name = function.name
    let through = reason.through.isEmpty ? "" : " (through '\(reason.through.joined(separator: "' and '"))')"
    // A helper of another type is named with its type, so two helpers that share a name are
    // reported once each, not once together.
    let plainOwners = ModuleIndex.standardTypes.union(["Collection", "Sequence", "RandomAccessCollection"])
    // On a value of unknown type, several types' helpers may fit: then the type is not named.
    let fitting = Set(
      file.index.candidates(for: reference, owner: owner, in: file.module).map { file.index.functions[$0].owner })
    let qualified =
      function.owner.map { plainOwners.contains($0) || fitting.count > 1 ? name : "\($0).\(name)" } ?? name
    let callee = name == "init" ? "the initializer of '\(call.calledExpression.trimmedDescription)'" : "'\(qualified)'"
    return [
      file.finding(
        .heavyHelperOnMainActor, at: call.calleeNameNode,
        "\(callee) \(reason.operation.phrase)\(through) synchronously, so it runs on the main actor here; make it a "
          + "@concurrent function and await it")
    ]
  }

  /// The computed properties of a main-actor type or extension.
  static func check(properties members: MemberBlockItemListSyntax, in file: FileContext) -> [Finding] {
    members.compactMap { item -> Finding? in
      guard let variable = item.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
        let accessors = binding.accessorBlock, !binding.isStored,
        DeclaredIsolation(attributes: variable.attributes, modifiers: variable.modifiers).runsWithType
      else { return nil }
      let scanner = InlineScanner.scan(accessors)
      guard let hit = scanner.hits.first else { return nil }
      let name = binding.pattern.trimmedDescription
      return file.finding(
        .heavyHelperOnMainActor, at: hit.node,
        "'\(hit.name)' \(hit.operation.phrase) in the main-actor property '\(name)' on every read; compute it off the "
          + "main actor once and store the result")
    }
  }
}

extension FunctionCallExprSyntax {
  /// Where a finding about the call points: the member's name in `a.b.c(…)`, else the callee.
  var calleeNameNode: Syntax {
    calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(calledExpression)
  }
}

extension DeclaredIsolation {
  /// Whether a member with this isolation takes its type's.
  var runsWithType: Bool {
    switch self {
    case .unstated, .mainActor: true
    case .nonisolated, .elsewhere: false
    }
  }
}
