import SwiftSyntax

/// CA004: a `Task` started when a screen appears (SwiftUI's `onAppear`, UIKit's `viewDidLoad`,
/// `viewWillAppear`, `viewDidAppear`) that nothing owns: its handle is dropped, or kept in a
/// property that is never cancelled. Also a dropped `Task` started on each change or event
/// (`onChange`, `onReceive`): overlapping runs, the last to finish wins.
enum UnownedScreenTaskRule {
  private static let appearanceMethods: Set<String> = ["viewDidLoad", "viewWillAppear", "viewDidAppear"]

  static func check(_ call: FunctionCallExprSyntax, in file: FileContext) -> [Finding] {
    let launch = ClosureLaunch(callee: call)
    guard launch == .task || launch == .detached, let closure = call.launchedClosure else { return [] }
    let start = launch == .task ? "Task" : "Task.detached"
    if call.assignedName == nil, !call.isAwaited, call.parent?.is(MemberAccessExprSyntax.self) != true,
      pollsUntilCancelled(closure)
    {
      return [
        file.finding(
          .unownedScreenTask, at: call.calledExpression,
          "\(start) polls until it is cancelled, but its handle is dropped, so nothing can cancel it; keep the "
            + "handle and cancel it when its owner goes away, or use .task { }")
      ]
    }
    guard let appearance = appearance(around: call) else { return [] }
    if changeModifiers.contains(appearance) {
      // A Task that sleeps first stages an animation or a scroll; overlapping runs are harmless.
      guard call.assignedName == nil, !(call.launchedClosure.map(startsWithSleep) ?? false) else { return [] }
      return [
        file.finding(
          .unownedScreenTask, at: call.calledExpression,
          "\(start) in \(appearance) is never cancelled: each change starts another while the previous may still "
            + "run, and the last to finish wins; use .task(id:) with the value that changes")
      ]
    }
    guard let handle = call.assignedName else {
      // viewDidLoad runs once per controller, not on each appearance.
      let again = appearance == "viewDidLoad" ? "outlives the screen" : "runs again on each appearance"
      return [
        file.finding(
          .unownedScreenTask, at: call.calledExpression,
          "\(start) in \(appearance) is never cancelled and \(again); use .task { } or "
            + ".task(id:) (UIKit: keep the handle and cancel it when the screen disappears)")
      ]
    }
    if let owner = file.enclosingTypeName(of: Syntax(call)),
      file.index.cancels(handle, owner: owner, in: file.module, outsideStart: false)
    {
      return []
    }
    return [
      file.finding(
        .unownedScreenTask, at: call.calledExpression,
        "\(start) in \(appearance) is kept in '\(handle)' but never cancelled; cancel it when the screen disappears, "
          + "or use .task { }")
    ]
  }

  /// Whether the closure loops on `!Task.isCancelled` (`while !Task.isCancelled { … }`).
  private static func pollsUntilCancelled(_ closure: ClosureExprSyntax) -> Bool {
    closure.statements.contains { item in
      guard let loop = item.item.as(WhileStmtSyntax.self) else { return false }
      return loop.conditions.trimmedDescription.contains("!Task.isCancelled")
    }
  }

  private static func startsWithSleep(_ closure: ClosureExprSyntax) -> Bool {
    guard let first = closure.statements.first else { return false }
    let text = first.trimmedDescription
    return text.contains("Task.sleep") && text.hasPrefix("try")
  }

  /// SwiftUI modifiers whose closure runs on each change of a value or each event of a publisher.
  private static let changeModifiers: Set<String> = ["onChange", "onReceive"]

  /// `onAppear`, `onChange`, `onReceive` or the UIKit method the call is made in, or `nil`.
  private static func appearance(around call: FunctionCallExprSyntax) -> String? {
    var current = Syntax(call).parent
    while let node = current {
      if let closure = node.as(ClosureExprSyntax.self) {
        let launch = ClosureLaunch(closure)
        if let receiver = closure.receivingCall, let name = receiver.calleeName,
          name == "onAppear" || changeModifiers.contains(name)
        {
          return name
        }
        guard launch.runsInline, !closure.escapesAsCallback else { return nil }
      } else if let function = node.as(FunctionDeclSyntax.self) {
        return appearanceMethods.contains(function.name.text) ? function.name.text : nil
      }
      current = node.parent
    }
    return nil
  }
}

extension FunctionCallExprSyntax {
  /// The name the call's result is stored in (`task = Task { }`, `self.task = …`,
  /// `let task = …`), or `nil` when the result is dropped.
  var assignedName: String? {
    guard let parent = parent else { return nil }
    if parent.is(ExprListSyntax.self), let sequence = parent.parent?.as(SequenceExprSyntax.self) {
      let elements = Array(sequence.elements)
      guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
        !elements[0].is(DiscardAssignmentExprSyntax.self)
      else { return nil }
      if let member = elements[0].as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
      return elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
    }
    if let initializer = parent.as(InitializerClauseSyntax.self),
      let binding = initializer.parent?.as(PatternBindingSyntax.self)
    {
      return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }
    return nil
  }
}
