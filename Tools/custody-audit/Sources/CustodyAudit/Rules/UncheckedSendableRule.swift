import SwiftSyntax

/// CA009: `@unchecked Sendable` on a type with `var` stored properties and no lock or isolation
/// in sight. A lock is a stored property whose name, type or initial value names a lock: `Mutex`,
/// `NSLock`, `NSRecursiveLock`, `os_unfair_lock`, `OSAllocatedUnfairLock`, `pthread_mutex_t`, any
/// type with `Lock` in its name (`LockedState`), a `DispatchQueue` or `DispatchSemaphore` used as
/// one, `NSCondition`, or an atomic. Isolation is a global actor attribute on the type.
enum UncheckedSendableRule {
  static func check(_ type: some DeclGroupSyntax & NamedDeclSyntax, in file: FileContext) -> [Finding] {
    // A struct or an enum is copied, not shared: its `var`s race only through a reference that
    // holds it, such as the lock a state struct lives in.
    guard !type.is(StructDeclSyntax.self), !type.is(EnumDeclSyntax.self),
      let unchecked = type.inheritanceClause?.uncheckedSendable,
      DeclaredIsolation(attributes: type.attributes, modifiers: type.modifiers).runsWithType,
      file.typeIsolation(of: Syntax(type)) != true
    else { return [] }
    let stored = StoredProperty.all(in: type.memberBlock.members)
    let variables = stored.filter { $0.isVariable && !$0.isStatic }.map(\.name)
    guard !variables.isEmpty, !stored.contains(where: \.holdsLock) else { return [] }
    return [finding(type.name.text, variables, at: unchecked, in: file)]
  }

  /// `extension X: @unchecked Sendable {}`, judged by what the first pass saw of `X`.
  static func check(_ extensionDecl: ExtensionDeclSyntax, in file: FileContext) -> [Finding] {
    guard let unchecked = extensionDecl.inheritanceClause?.uncheckedSendable,
      let type = file.index.type(named: extensionDecl.extendedType.plainName, in: file.module),
      type.kind == .class, type.isolation.runsWithType,
      file.index.isMainActor(type: type.name, in: file.module) != true,
      !type.storedVariables.isEmpty, !type.holdsLock
    else { return [] }
    return [finding(type.name, type.storedVariables, at: unchecked, in: file)]
  }

  private static func finding(
    _ name: String, _ variables: [String], at node: InheritedTypeSyntax, in file: FileContext
  )
    -> Finding
  {
    let shown = variables.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
    return file.finding(
      .uncheckedSendableWithoutLock, at: node,
      "@unchecked Sendable on '\(name)', which has mutable state (\(shown)) and no lock or isolation; make it an "
        + "actor, make the state immutable, or keep it in a LockedState")
  }
}
