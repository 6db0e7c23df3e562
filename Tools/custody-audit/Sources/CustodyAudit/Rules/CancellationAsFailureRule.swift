import SwiftSyntax

/// CA010: in async code, a catch-all that turns every error into a failure state, with no
/// `CancellationError` branch before it and no cancellation check in it.
///
/// Only statements that run for every error count: an assignment inside an `if`, `guard` or
/// `switch` of the catch body is a choice, not every error turned into a failure.
/// The `do` block must be able to see cancellation (it awaits, or calls `checkCancellation`).
/// The catch-all sets a failure state when it assigns to a name that speaks of failure
/// (`error`, `failure`, `message`, `alert`, `state`, `status`, `phase`, `banner`, `toast`), or
/// when it calls `show…`, `present…`, `display…` or `set…` with the error or with `error`,
/// `fail` or `alert` in the name. Passing the error on (`throw`, `.failure(error)` in a
/// `Result`, `resume(throwing:)`) keeps cancellation recognisable and is not a failure state. Any earlier clause, or any code in the catch-all, that mentions
/// cancellation (`CancellationError`, `isCancelled`, `.cancelled`) counts as handling it.
enum CancellationAsFailureRule {
  private static let failureNames = [
    "error", "failure", "message", "alert", "state", "status", "phase", "banner", "toast",
  ]

  static func check(_ statement: DoStmtSyntax, in file: FileContext) -> [Finding] {
    guard let catchAll = statement.catchClauses.first(where: \.catchesEverything),
      !statement.catchClauses.prefix(while: { $0.id != catchAll.id }).contains(where: { $0.mentionsCancellation }),
      !catchAll.mentionsCancellation, setsFailure(catchAll.body), seesCancellation(statement.body),
      file.isAsyncContext(Syntax(statement))
    else { return [] }
    return [
      file.finding(
        .cancellationAsFailure, at: catchAll.catchKeyword,
        "this catch shows cancellation as a failure; catch CancellationError first and keep what the screen shows")
    ]
  }

  private static func seesCancellation(_ body: CodeBlockSyntax) -> Bool {
    let scanner = InlineScanner.scan(body.statements)
    return !scanner.suspensions.isEmpty || scanner.calls.contains { $0.name == "checkCancellation" }
  }

  private static func setsFailure(_ body: CodeBlockSyntax) -> Bool {
    FailureSearch.run(body)
  }

  /// Looks for an assignment of a failure, or a call that reports one, in a catch body.
  private final class FailureSearch: SyntaxVisitor {
    var found = false

    /// Looks at the statements of `body` that run for every error: one inside an `if`,
    /// `guard` or `switch` runs for some errors only (`if let words = Copy.message(for: error)`
    /// leaves cancellation out when the copy has no words for it).
    static func run(_ body: CodeBlockSyntax) -> Bool {
      let search = FailureSearch(viewMode: .sourceAccurate)
      for statement in body.statements { search.walk(statement) }
      return search.found
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: TernaryExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
      let elements = Array(node.elements)
      guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return .visitChildren }
      let target = elements[0].trimmedDescription.split(separator: ".").last.map(String.init)?.lowercased() ?? ""
      if CancellationAsFailureRule.failureNames.contains(where: target.contains) { found = true }
      return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      let name = node.calleeName ?? ""
      let lowered = name.lowercased()
      if ["show", "present", "display", "set"].contains(where: lowered.hasPrefix),
        ["error", "fail", "alert"].contains(where: lowered.contains) || node.arguments.contains(where: \.mentionsError)
      {
        found = true
      }
      return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  }
}

extension CatchClauseSyntax {
  /// `catch`, `catch let error`, `catch var e`: every error, with no type test and no `where`.
  var catchesEverything: Bool {
    if catchItems.isEmpty { return true }
    guard catchItems.count == 1, let item = catchItems.first, item.whereClause == nil else { return false }
    guard let pattern = item.pattern else { return true }
    if let binding = pattern.as(ValueBindingPatternSyntax.self) {
      return binding.pattern.is(IdentifierPatternSyntax.self)
    }
    return pattern.is(IdentifierPatternSyntax.self) || pattern.is(WildcardPatternSyntax.self)
  }

  /// Whether the clause or its body speaks of cancellation.
  var mentionsCancellation: Bool {
    tokens(viewMode: .sourceAccurate).contains { token in
      guard case .identifier(let name) = token.tokenKind else { return false }
      return name.lowercased().contains("cancel")
    }
  }
}

extension LabeledExprSyntax {
  fileprivate var mentionsError: Bool {
    expression.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier("error") }
  }
}
