import SwiftSyntax

/// How a closure runs relative to the code around it, told from the call it is passed to.
enum ClosureLaunch: Equatable {
  /// `Task { }`, `Task(priority:) { }`, `Task.immediate { }`: a new task with the context's isolation.
  case task
  /// SwiftUI's `.task { }` and `.refreshable { }`: async work with the view's isolation.
  case screenTask
  /// `Task.detached { }`: a new task with no isolation.
  case detached
  /// `group.addTask { }`: a child task on the pool.
  case childTask
  /// `queue.async { }` and kin; `main` when the queue is `DispatchQueue.main`.
  case dispatch(main: Bool)
  /// A closure passed to an awaited call such as `latest.run { }`: it runs wherever the callee
  /// runs it, which syntax cannot tell, so the audit does not count it as the caller's work.
  case awaitedCall
  /// Marked `@concurrent`, or with a global actor other than the main actor.
  case elsewhere
  /// Marked `@MainActor`.
  case mainActor
  /// Anything else (`map { }`, `forEach { }`, a stored callback): part of the caller's work.
  case inline

  /// Awaited calls whose closures run in the caller's isolation: task groups, continuations,
  /// cancellation handlers and `MainActor.run`.
  private static let inlineAwaitedCallees: Set<String> = [
    "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
    "withTaskCancellationHandler", "withCheckedContinuation", "withCheckedThrowingContinuation",
    "withUnsafeContinuation", "withUnsafeThrowingContinuation", "withTaskExecutorPreference",
  ]

  private static let dispatchMethods: Set<String> = [
    "async", "asyncAfter", "sync", "asyncAndWait", "concurrentPerform",
  ]

  init(_ closure: ClosureExprSyntax) {
    let attributes = closure.signature?.attributes.names ?? []
    if attributes.contains("MainActor") {
      self = .mainActor
      return
    }
    if attributes.contains(where: { $0 == "concurrent" || $0.hasSuffix("Actor") }) {
      self = .elsewhere
      return
    }
    guard let call = closure.receivingCall else {
      self = .inline
      return
    }
    self = ClosureLaunch(callee: call)
  }

  /// How closures passed to `call` run.
  init(callee call: FunctionCallExprSyntax) {
    let callee = call.calledExpression
    if callee.isTaskType {
      self = .task
      return
    }
    if let member = callee.as(MemberAccessExprSyntax.self) {
      let name = member.declName.baseName.text
      if let base = member.base, base.isTaskType {
        self = name == "detached" ? .detached : .task
        return
      }
      if name == "task" || name == "refreshable" {
        self = .screenTask
        return
      }
      if name.hasPrefix("addTask") || name.hasPrefix("addImmediateTask") {
        self = .childTask
        return
      }
      if ClosureLaunch.dispatchMethods.contains(name), let base = member.base?.trimmedDescription,
        base.contains("DispatchQueue") || base.lowercased().hasSuffix("queue")
      {
        self = .dispatch(main: base.hasSuffix("DispatchQueue.main") || base == ".main")
        return
      }
      if name == "run", member.base?.trimmedDescription == "MainActor" {
        self = .mainActor
        return
      }
    }
    if call.isAwaited, !ClosureLaunch.inlineAwaitedCallees.contains(call.calleeName ?? "") {
      self = .awaitedCall
      return
    }
    self = .inline
  }

  /// Whether the closure's body is part of the work of the code around it.
  var runsInline: Bool { self == .inline || self == .mainActor }
}

extension ClosureExprSyntax {
  /// Calls known to run their closure before they return, on the caller's executor: the
  /// standard library's algorithms, SwiftUI's `withAnimation`, locks and `autoreleasepool`.
  private static let synchronousCallees: Set<String> = [
    "map", "compactMap", "flatMap", "filter", "reduce", "forEach", "sorted", "sort", "first", "last",
    "firstIndex", "lastIndex", "contains", "allSatisfy", "min", "max", "partition", "removeAll", "prefix",
    "drop", "split", "mapValues", "compactMapValues", "enumerated", "zip", "withAnimation", "withTransaction",
    "autoreleasepool", "withLock", "withLockIfAvailable", "performWithoutAnimation", "withExtendedLifetime",
    "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer", "withUnsafeBytes", "withUnsafePointer",
    "withUnsafeMutablePointer", "withObservationTracking", "assumeIsolated", "sync",
  ]

  /// Whether the closure escapes the code it is written in: a callback handed to an API that
  /// keeps it (a completion handler, a notification observer, a stored closure), so it runs
  /// later, on a queue the API chooses, not as part of the code around it. Tasks, dispatched
  /// blocks, awaited calls and closures given to synchronous algorithms are told apart elsewhere.
  var escapesAsCallback: Bool {
    guard ClosureLaunch(self) == .inline else { return false }
    // `{ … }()` runs in place.
    if let call = parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == id { return false }
    // `let handler = { … }`: stored for later.
    guard let call = receivingCall else { return true }
    // `withObservationTracking { … } onChange: { … }`: a closure labelled as a callback is kept
    // for later even when the call runs its other closure in place.
    if let label = argumentLabel,
      label.hasPrefix("on") && label.dropFirst(2).first?.isUppercase == true
        || label.lowercased().contains("completion") || label.lowercased().hasSuffix("handler")
    {
      return true
    }
    return !ClosureExprSyntax.synchronousCallees.contains(call.calleeName ?? "")
  }

  /// The label the closure is passed with (`onChange` in `f { } onChange: { }`), if any.
  var argumentLabel: String? {
    if let argument = parent?.as(LabeledExprSyntax.self) { return argument.label?.text }
    if let element = parent?.as(MultipleTrailingClosureElementSyntax.self) { return element.label.text }
    return nil
  }

  /// The call this closure is an argument or a trailing closure of.
  var receivingCall: FunctionCallExprSyntax? {
    var node = Syntax(self).parent
    // A closure argument sits in LabeledExpr → LabeledExprList → call; a trailing closure is a
    // child of the call itself; an additional one sits in an element → list → call.
    for _ in 0..<3 {
      guard let current = node else { return nil }
      if let call = current.as(FunctionCallExprSyntax.self) { return call }
      guard
        current.is(LabeledExprSyntax.self) || current.is(LabeledExprListSyntax.self)
          || current.is(MultipleTrailingClosureElementSyntax.self)
          || current.is(MultipleTrailingClosureElementListSyntax.self)
      else { return nil }
      node = current.parent
    }
    return node?.as(FunctionCallExprSyntax.self)
  }
}

extension FunctionCallExprSyntax {
  /// The called name: `foo` in `foo()`, `bar` in `x.bar()`.
  var calleeName: String? {
    if let reference = calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let member = calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
    return nil
  }

  /// Whether `await` applies to this call itself (`await x.run { }`, `try await f().g()`), not
  /// merely to an expression it is an argument of.
  var isAwaited: Bool {
    var node = Syntax(self)
    while let parent = node.parent {
      if parent.is(AwaitExprSyntax.self) { return true }
      if parent.is(TryExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
        || parent.is(OptionalChainingExprSyntax.self)
      {
        node = parent
        continue
      }
      if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
        node = parent
        continue
      }
      if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
        node = parent
        continue
      }
      return false
    }
    return false
  }
}

extension ExprSyntax {
  /// `Task` or `Task<Value, Failure>`.
  var isTaskType: Bool {
    if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "Task" }
    if let generic = self.as(GenericSpecializationExprSyntax.self) { return generic.expression.isTaskType }
    return false
  }
}
