import SwiftSyntax

/// CA004: a `Task` started when a screen appears (SwiftUI's `onAppear`, UIKit's `viewDidLoad`,
/// `viewWillAppear`, `viewDidAppear`) that nothing owns: its handle is dropped, or kept in a
/// property that is never cancelled.
enum UnownedScreenTaskRule {
  private static let appearanceMethods: Set<String> = ["viewDidLoad", "viewWillAppear", "viewDidAppear"]

  static func check(_ call: FunctionCallExprSyntax, in file: FileContext) -> [Finding] {
    let launch = ClosureLaunch(callee: call)
    guard launch == .task || launch == .detached, call.launchedClosure != nil,
      let appearance = appearance(around: call)
    else { return [] }
    let start = launch == .task ? "Task" : "Task.detached"
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

  /// `onAppear` or the UIKit method the call is made in, or `nil`.
  private static func appearance(around call: FunctionCallExprSyntax) -> String? {
    var current = Syntax(call).parent
    while let node = current {
      if let closure = node.as(ClosureExprSyntax.self) {
        let launch = ClosureLaunch(closure)
        if let receiver = closure.receivingCall, receiver.calleeName == "onAppear" { return "onAppear" }
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
