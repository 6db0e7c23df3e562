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
      !catchAll.mentionsCancellation,
      FailureSearch.run(catchAll.body, locals: localNames(around: statement), error: catchAll.errorName),
      seesCancellation(statement.body),
      file.isAsyncContext(Syntax(statement)), !inDroppedTask(Syntax(statement)),
      !onlyStartedInDroppedTasks(statement)
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

  /// Whether the `do` runs in a `Task { }` whose handle is dropped: nothing can cancel that
  /// task from outside, so its catch sees no cancellation a screen caused.
  private static func inDroppedTask(_ node: Syntax) -> Bool {
    var current = node.parent
    while let node = current {
      if let closure = node.as(ClosureExprSyntax.self), let call = closure.receivingCall {
        let launch = ClosureLaunch(callee: call)
        if launch == .task || launch == .detached {
          return call.assignedName == nil && !call.isAwaited && call.parent?.is(MemberAccessExprSyntax.self) != true
        }
      }
      if node.is(FunctionDeclSyntax.self) || node.asProtocol((any DeclGroupSyntax).self) != nil { return false }
      current = node.parent
    }
    return false
  }

  /// Whether the `do` is in a private async function that its file calls only from `Task { }`s
  /// whose handles are dropped (a button's action, an observer): nothing can cancel it.
  private static func onlyStartedInDroppedTasks(_ statement: DoStmtSyntax) -> Bool {
    var current = Syntax(statement).parent
    while let node = current, !node.is(FunctionDeclSyntax.self) { current = node.parent }
    guard let function = current?.as(FunctionDeclSyntax.self),
      function.modifiers.contains(where: { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) })
    else { return false }
    let name = function.name.text
    // Calls on implicit `self` or `self.`, outside the function itself.
    let calls = function.root.tokens(viewMode: .sourceAccurate).filter { token in
      guard token.text == name, token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen,
        !function.range.contains(token.position)
      else { return false }
      guard let previous = token.previousToken(viewMode: .sourceAccurate), previous.tokenKind == .period else {
        return true
      }
      return previous.previousToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.self)
    }
    return !calls.isEmpty && calls.allSatisfy { inDroppedTask(Syntax($0)) }
  }

  /// The names of the local variables in scope at `statement`: the blocks around it, up to
  /// its type. An error kept in one (`savedError = error`) is usually thrown or reported later,
  /// where cancellation is still recognisable; it is no state a screen shows.
  private static func localNames(around statement: DoStmtSyntax) -> Set<String> {
    var names: Set<String> = []
    var current = Syntax(statement).parent
    while let node = current, node.asProtocol((any DeclGroupSyntax).self) == nil {
      if let items = node.as(CodeBlockItemListSyntax.self) {
        for item in items {
          guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
          for binding in variable.bindings {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { names.insert(name) }
          }
        }
      }
      current = node.parent
    }
    return names
  }

  /// Looks for an assignment of a failure, or a call that reports one, in a catch body.
  private final class FailureSearch: SyntaxVisitor {
    var found = false

    /// Looks at the statements of `body` that run for every error: one inside an `if`,
    /// `guard` or `switch` runs for some errors only (`if let words = Copy.message(for: error)`
    /// leaves cancellation out when the copy has no words for it).
    private var locals: Set<String> = []
    private var error = "error"

    static func run(_ body: CodeBlockSyntax, locals: Set<String>, error: String) -> Bool {
      let search = FailureSearch(viewMode: .sourceAccurate)
      search.locals = locals
      search.error = error
      for statement in body.statements { search.walk(statement) }
      return search.found
    }

    /// An `if` that picks out errors of one type (`if let e = error as? ServerError, …`) leaves
    /// every other error, cancellation included, to its `else`: that branch runs for them all.
    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
      guard node.conditions.contains(where: { testsType(of: error, in: $0) }), let elseBody = node.elseBody else {
        return .skipChildren
      }
      if let block = elseBody.as(CodeBlockSyntax.self) {
        for statement in block.statements { walk(statement) }
      } else {
        walk(elseBody)
      }
      return .skipChildren
    }

    private func testsType(of name: String, in condition: ConditionElementSyntax) -> Bool {
      let tokens = Array(condition.tokens(viewMode: .sourceAccurate))
      return tokens.indices.dropLast().contains { index in
        tokens[index].text == name
          && (tokens[index + 1].tokenKind == .keyword(.is)
            || (tokens[index + 1].tokenKind == .keyword(.as) && index + 2 < tokens.count
              && tokens[index + 2].tokenKind == .postfixQuestionMark))
      }
    }
    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: TernaryExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// A variable the catch declares is a local too.
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
      for binding in node.bindings {
        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { locals.insert(name) }
      }
      return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
      let elements = Array(node.elements)
      guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return .visitChildren }
      let written = elements[0].trimmedDescription
      var components = written.split(separator: ".").map(String.init)
      // `state.wrappedValue = …`, `$phase.wrappedValue = …`: the wrapper's value is the state.
      if components.count > 1, components.last == "wrappedValue" { components.removeLast() }
      let name = components.last.map { String($0.drop { $0 == "$" || $0 == "_" }) } ?? ""
      let target = name.lowercased()
      // Clearing (`error = nil`, `isSendingMessage = false`) shows no failure; a flag named for
      // an activity (`isSending…`) is no failure state; a local variable is no screen's state.
      let value = elements[2...].map(\.trimmedDescription).joined()
      let clears =
        value == "nil" || value == "false"
        || [".none", ".idle", ".initial"].contains { value.hasSuffix($0) || value.contains("\($0))") }
      let isActivityFlag =
        ["is", "has", "should", "did", "can"].contains { prefix in
          name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true
        } && !target.contains("error") && !target.contains("fail")
      // A local's property (`response.failureReason = …`) is the local's, returned or thrown later.
      let isLocal = locals.contains(components.first ?? "")
      if !clears, !isActivityFlag, !isLocal, CancellationAsFailureRule.failureNames.contains(where: target.contains) {
        found = true
      }
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

  /// The name the clause binds the error to: `error` unless `catch let e` names it.
  var errorName: String {
    guard let pattern = catchItems.first?.pattern else { return "error" }
    let bound = pattern.as(ValueBindingPatternSyntax.self)?.pattern ?? pattern
    return bound.as(IdentifierPatternSyntax.self)?.identifier.text ?? "error"
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
