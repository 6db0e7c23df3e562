import SwiftSyntax

/// CA010: in async code, a catch-all that turns every error into a failure state, with no
/// `CancellationError` branch before it and no cancellation check in it.
///
/// The `do` block must be able to see cancellation (it awaits, or calls `checkCancellation`).
/// The catch-all sets a failure state when it assigns to a name that speaks of failure
/// (`error`, `failure`, `message`, `alert`, `state`, `status`, `phase`, `banner`, `toast`) or
/// assigns `.failed…`, `.failure…` or `.error…`; or calls something named `…error…`, `…fail…`
/// or `…alert…` with the error. Any earlier clause, or any code in the catch-all, that mentions
/// cancellation (`CancellationError`, `isCancelled`, `.cancelled`) counts as handling it.
enum CancellationAsFailureRule {
  private static let failureNames = ["error", "failure", "message", "alert", "state", "status", "phase", "banner", "toast"]

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

    static func run(_ body: CodeBlockSyntax) -> Bool {
      let search = FailureSearch(viewMode: .sourceAccurate)
      search.walk(body)
      return search.found
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
      let elements = Array(node.elements)
      guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return .visitChildren }
      let target = elements[0].trimmedDescription.split(separator: ".").last.map(String.init)?.lowercased() ?? ""
      let value = elements[2].trimmedDescription
      if CancellationAsFailureRule.failureNames.contains(where: target.contains)
        || [".failed", ".failure", ".error"].contains(where: value.hasPrefix)
      {
        found = true
      }
      return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      let name = node.calleeName?.lowercased() ?? ""
      let receiver = node.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription.lowercased() ?? ""
      if ["error", "fail", "alert"].contains(where: name.contains), !receiver.contains("log"),
        node.arguments.contains(where: { $0.expression.trimmedDescription.contains("error") })
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
    if let binding = pattern.as(ValueBindingPatternSyntax.self) { return binding.pattern.is(IdentifierPatternSyntax.self) }
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
