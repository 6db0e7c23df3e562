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
    guard let (kind, helper) = appearance(around: Syntax(call), helpers: 1) else { return [] }
    // Where the Task starts, as the message names it: `onAppear`, or `'reload' (called from onAppear)`.
    let appearance = helper.map { "'\($0)' (called from \(kind))" } ?? kind
    if changeModifiers.contains(kind) {
      // A Task that sleeps first stages an animation or a scroll; overlapping runs are harmless.
      guard call.assignedName == nil, !(call.launchedClosure.map(startsWithSleep) ?? false) else { return [] }
      // A property observer is no view modifier: the fix is a kept handle, cancelled by the next change.
      let fix =
        kind == "didSet" || kind == "willSet"
        ? "keep its handle and cancel the previous one (LatestTask), or let the view use .task(id:)"
        : "use .task(id:) with the value that changes"
      return [
        file.finding(
          .unownedScreenTask, at: call.calledExpression,
          "\(start) in \(appearance) is never cancelled: each change starts another while the previous may still "
            + "run, and the last to finish wins; \(fix)")
      ]
    }
    // A dropped Task that sleeps first stages the screen (focus a field, scroll, show a callout
    // after a moment): a decision about timing, not screen work that outlives the screen.
    if call.assignedName == nil, call.launchedClosure.map(startsWithSleep) ?? false { return [] }
    guard let handle = call.assignedName else {
      // viewDidLoad runs once per controller, not on each appearance.
      let again = kind == "viewDidLoad" ? "outlives the screen" : "runs again on each appearance"
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
    // `try? await Task.sleep(…)`, or `do { try await Task.sleep(…) } catch { return }`.
    return text.contains("Task.sleep") && (text.hasPrefix("try") || text.hasPrefix("do"))
  }

  /// SwiftUI modifiers whose closure runs on each change of a value or each event of a publisher,
  /// and property observers, which run on each change of the property.
  private static let changeModifiers: Set<String> = ["onChange", "onReceive", "didSet", "willSet"]

  /// `onAppear`, `onChange`, `onReceive`, a property's `didSet` or `willSet`, or the UIKit
  /// method that `node` runs in, or `nil`; with the private helper it runs in, when that
  /// helper is called only from one of those (`helpers` levels of such helpers are followed).
  private static func appearance(around node: Syntax, helpers: Int) -> (kind: String, helper: String?)? {
    var current = node.parent
    while let node = current {
      if let closure = node.as(ClosureExprSyntax.self) {
        let launch = ClosureLaunch(closure)
        if let receiver = closure.receivingCall, let name = receiver.calleeName,
          name == "onAppear" || changeModifiers.contains(name)
        {
          return (name, nil)
        }
        guard launch.runsInline, !closure.escapesAsCallback else { return nil }
      } else if let accessor = node.as(AccessorDeclSyntax.self) {
        let name = accessor.accessorSpecifier.text
        return name == "didSet" || name == "willSet" ? (name, nil) : nil
      } else if let function = node.as(FunctionDeclSyntax.self) {
        if appearanceMethods.contains(function.name.text) { return (function.name.text, nil) }
        guard helpers > 0, let kind = callersKind(of: function, helpers: helpers - 1) else { return nil }
        return (kind, function.name.text)
      } else if node.is(InitializerDeclSyntax.self) || node.is(DeinitializerDeclSyntax.self)
        || node.asProtocol((any DeclGroupSyntax).self) != nil
      {
        return nil
      }
      current = node.parent
    }
    return nil
  }

  /// The one kind of place a private helper is called from, when every call of it in its file
  /// (on implicit `self` or `self.`) is in `onAppear`, a change handler or a UIKit method.
  private static func callersKind(of function: FunctionDeclSyntax, helpers: Int) -> String? {
    guard
      function.modifiers.contains(where: { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }),
      function.signature.effectSpecifiers?.asyncSpecifier == nil
    else { return nil }
    let name = function.name.text
    var kinds: Set<String> = []
    for token in function.root.tokens(viewMode: .sourceAccurate) {
      guard token.text == name, token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen,
        !function.range.contains(token.position)
      else { continue }
      if let previous = token.previousToken(viewMode: .sourceAccurate), previous.tokenKind == .period,
        previous.previousToken(viewMode: .sourceAccurate)?.tokenKind != .keyword(.self)
      {
        continue
      }
      guard let kind = appearance(around: Syntax(token), helpers: helpers)?.kind else { return nil }
      kinds.insert(kind)
    }
    return kinds.count == 1 ? kinds.first : nil
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
