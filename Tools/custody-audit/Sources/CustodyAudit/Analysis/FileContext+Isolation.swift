import SwiftSyntax

extension FileContext {
  /// Whether code at `node` runs on the main actor, told from the closures and declarations
  /// around it: a `Task` inherits; a detached or child task, a dispatched block and a closure
  /// given to an awaited call do not; a declaration's own attribute wins over its type's; a
  /// type is main-actor by the module index; the top level takes the module's default isolation.
  func isMainActorContext(_ node: Syntax) -> Bool {
    var current = node.parent
    // Only top-level code of `main.swift` runs on the main actor; its functions do not.
    var inDeclaration = false
    while let node = current {
      if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self) || node.is(VariableDeclSyntax.self)
        || node.is(SubscriptDeclSyntax.self)
      {
        // A variable at the top level of `main.swift` is main-actor, one in a function is not.
        if !node.is(VariableDeclSyntax.self) || node.parent?.is(MemberBlockItemSyntax.self) == true {
          inDeclaration = true
        }
      }
      if let closure = node.as(ClosureExprSyntax.self) {
        switch ClosureLaunch(closure) {
        case .mainActor, .dispatch(main: true): return true
        case .detached, .childTask, .dispatch(main: false), .elsewhere, .awaitedCall: return false
        case .task, .screenTask, .inline: break
        }
      } else if let stated = node.statedIsolation {
        switch stated {
        case .mainActor: return true
        case .elsewhere, .nonisolated: return false
        case .unstated: break
        }
      } else if let isMain = typeIsolation(of: node) {
        return isMain
      }
      current = node.parent
    }
    return module.defaultIsolation == .mainActor || (isMainFile && !inDeclaration)
  }

  /// Whether a type or extension declaration is main-actor; `nil` for any other node.
  func typeIsolation(of node: Syntax) -> Bool? {
    if node.is(ActorDeclSyntax.self) { return false }
    if let extensionDecl = node.as(ExtensionDeclSyntax.self) {
      switch DeclaredIsolation(attributes: extensionDecl.attributes, modifiers: extensionDecl.modifiers) {
      case .mainActor: return true
      case .elsewhere, .nonisolated: return false
      case .unstated: break
      }
      let inherited = extensionDecl.inheritanceClause?.names ?? []
      if inherited.contains(where: { index.isMainActor(type: $0, in: module) == true }) { return true }
      return index.isMainActor(type: extensionDecl.extendedType.plainName, in: module)
        ?? (module.defaultIsolation == .mainActor)
    }
    guard
      node.is(ClassDeclSyntax.self) || node.is(StructDeclSyntax.self) || node.is(EnumDeclSyntax.self)
        || node.is(ProtocolDeclSyntax.self),
      let named = node.asProtocol((any NamedDeclSyntax).self)
    else { return nil }
    return index.isMainActor(type: named.name.text, in: module) ?? (module.defaultIsolation == .mainActor)
  }

  /// Whether code at `node` is in an async function or a task's closure.
  func isAsyncContext(_ node: Syntax) -> Bool {
    var current = node.parent
    while let node = current {
      if let closure = node.as(ClosureExprSyntax.self) {
        // `Task { @MainActor in … }` is a task as much as `Task { … }` is.
        let started = closure.receivingCall.map { ClosureLaunch(callee: $0) }
        if let started, [.task, .screenTask, .detached, .childTask].contains(started) { return true }
        switch ClosureLaunch(closure) {
        case .task, .screenTask, .detached, .childTask: return true
        case .dispatch: return false
        case .awaitedCall where closure.signature?.effectSpecifiers?.asyncSpecifier == nil:
          // A closure given to an awaited call is async only when it awaits; else it is a
          // callback the callee runs where it wants.
          return closure.statements.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.await) }
        default:
          if closure.signature?.effectSpecifiers?.asyncSpecifier != nil { return true }
          // A completion handler or an observer runs later, outside the async code around it.
          if closure.escapesAsCallback { return false }
        }
      } else if let function = node.as(FunctionDeclSyntax.self) {
        return function.signature.effectSpecifiers?.asyncSpecifier != nil
      } else if let initializer = node.as(InitializerDeclSyntax.self) {
        return initializer.signature.effectSpecifiers?.asyncSpecifier != nil
      } else if let accessor = node.as(AccessorDeclSyntax.self) {
        if accessor.effectSpecifiers?.asyncSpecifier != nil { return true }
      } else if node.is(DeinitializerDeclSyntax.self) || node.asProtocol((any DeclGroupSyntax).self) != nil {
        return false
      }
      current = node.parent
    }
    return false
  }
}

extension FileContext {
  /// Whether code at `node` sits in a closure that escapes as a callback (a completion
  /// handler, an observer, a stored closure) within its declaration: it runs later, on a queue
  /// the API chooses, so a hop written in it may be the only thing that brings it back to the
  /// main thread.
  func isInEscapingCallback(_ node: Syntax) -> Bool {
    var current = node.parent
    while let node = current {
      if let closure = node.as(ClosureExprSyntax.self) {
        if closure.escapesAsCallback { return true }
        if !ClosureLaunch(closure).runsInline { return false }
      } else if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self)
        || node.is(AccessorDeclSyntax.self) || node.is(DeinitializerDeclSyntax.self)
      {
        return false
      }
      current = node.parent
    }
    return false
  }
}

extension Syntax {
  /// The isolation a function, initializer, property or subscript states; `.nonisolated` for a
  /// deinitializer that is not `isolated`; `nil` for nodes that are none of these.
  fileprivate var statedIsolation: DeclaredIsolation? {
    if let function = self.as(FunctionDeclSyntax.self) {
      return DeclaredIsolation(attributes: function.attributes, modifiers: function.modifiers)
    }
    if let initializer = self.as(InitializerDeclSyntax.self) {
      return DeclaredIsolation(attributes: initializer.attributes, modifiers: initializer.modifiers)
    }
    if let variable = self.as(VariableDeclSyntax.self) {
      return DeclaredIsolation(attributes: variable.attributes, modifiers: variable.modifiers)
    }
    if let subscriptDecl = self.as(SubscriptDeclSyntax.self) {
      return DeclaredIsolation(attributes: subscriptDecl.attributes, modifiers: subscriptDecl.modifiers)
    }
    if let deinitializer = self.as(DeinitializerDeclSyntax.self) {
      let isolated = deinitializer.modifiers.contains { $0.name.tokenKind == .keyword(.isolated) }
      return isolated ? .unstated : .nonisolated
    }
    return nil
  }
}
