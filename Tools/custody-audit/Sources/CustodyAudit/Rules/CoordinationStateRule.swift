import Foundation
import SwiftSyntax

/// CA001: a main-actor type that stores coordination state, with the owner each kind moves to.
///
/// Only `var` stored properties count (a `let` holding an owner such as `Cache` is the fix):
/// - a `Task` handle alone or optional → LatestTask; a token's refresh task → TokenStore; not a
///   handle the type cancels outside the function that starts it (in `deinit`, `stop()`,
///   `viewDidDisappear`): that is an owner keeping work alive on purpose, and ending it;
/// - `Task`s in a collection → SingleFlight;
/// - a dictionary (or `NSCache`) named like a cache (`cache`, `cached`, `memo`) or holding dates
///   → Cache; one named like an in-flight table (`inFlight`, `pending`, `ongoing`, `running`)
///   or holding continuations → SingleFlight;
/// - a page cursor (`page`, `nextPage`, `cursor`, `offset`, `skip`, `hasMore`, …) beside a
///   `Bool` loading flag (`isLoading…`, `…Fetching…`) → Pager;
/// - a token or credential (`accessToken`, `refreshToken`, `credential`, `jwt`, `bearer`) → TokenStore.
enum CoordinationStateRule {
  static func check(_ type: some DeclGroupSyntax & NamedDeclSyntax, in file: FileContext) -> [Finding] {
    guard !type.is(ActorDeclSyntax.self), file.typeIsolation(of: Syntax(type)) == true else { return [] }
    let owner =
      type.attributes.contains("MainActor") ? "@MainActor '\(type.name.text)'" : "main-actor '\(type.name.text)'"
    let variables = StoredProperty.all(in: type.memberBlock.members).filter(\.isVariable)
    // A type that is itself a cache, a sizer or a formatter owns its memo on purpose, on the
    // thread that uses it (a layout cache must stay on the main thread).
    let isCacheOwner = ["Cache", "Sizer", "Formatter"].contains(where: type.name.text.hasSuffix)
    var findings: [Finding] = []
    for property in variables {
      guard var message = message(for: property) ?? handWrittenInFlightTable(property, in: Syntax(type).root) else {
        continue
      }
      if isCacheOwner, message.hasPrefix("caches values") { continue }
      if message.hasPrefix("stores the Task handle"), joins(property.name, in: type) {
        // Callers await the stored task's value: a deliberate single flight, which LatestTask
        // (cancel the previous) would turn back into parallel runs.
        message =
          "keeps the in-flight task '\(property.name)' that callers join; let SingleFlight run it once for every "
          + "caller"
      }
      if isOwnedLifecycle(property, of: type.name.text, in: file) { continue }
      findings.append(file.finding(.coordinationState, at: property.binding.pattern, "\(owner) \(message)"))
    }
    if let gate = paginationGate(in: variables) {
      findings.append(
        file.finding(
          .coordinationState, at: gate.cursor.binding.pattern,
          "\(owner) keeps a pagination gate ('\(gate.cursor.name)' beside '\(gate.flag.name)'); let a Pager own the "
            + "cursor and the page in flight"))
    }
    return findings
  }

  private static func message(for property: StoredProperty) -> String? {
    let name = property.name
    let lowered = name.lowercased()
    let text = property.typeAndValue
    if mentionsTask(property) {
      if isCollection(property) {
        return "keeps Task handles in '\(name)'; let SingleFlight coalesce the requests"
      }
      if lowered.contains("refresh"), ["token", "auth", "credential", "session"].contains(where: lowered.contains) {
        return "keeps the token refresh '\(name)'; let a TokenStore refresh once for every caller"
      }
      return "stores the Task handle '\(name)'; let LatestTask own the current load, or use .task(id:)"
    }
    if isDictionary(property) || text.contains("NSCache") {
      if ["inflight", "pending", "ongoing", "running", "waiter", "continuation"].contains(where: lowered.contains)
        || text.contains("Continuation<")
      {
        return "keeps the in-flight table '\(name)'; let SingleFlight run one request per key"
      }
      if ["cache", "memo"].contains(where: lowered.contains) || text.contains("NSCache")
        || ["Date", "TimeInterval", "Instant"].contains(where: text.contains)
      {
        return "caches values in '\(name)'; move them to a Cache that every screen shares"
      }
      return nil
    }
    // A callback (`onCredentials: (() -> Void)?`) or a device's push token is no credential.
    let isClosure = property.type?.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .arrow } ?? false
    if isToken(lowered), !isClosure, !lowered.contains("push"), !lowered.contains("device") {
      return "keeps the credential '\(name)'; let a TokenStore own tokens and their refresh"
    }
    return nil
  }

  /// A set or dictionary that the code uses as an in-flight table, whatever its name: a key is
  /// checked, marked and later cleared (`guard !loading.contains(url) … loading.insert(url)`,
  /// then `loading.remove(url)`), or callers wait in a list per key
  /// (`waiting[url, default: []].append(…)`, then `waiting[url] = nil`).
  private static func handWrittenInFlightTable(_ property: StoredProperty, in root: Syntax) -> String? {
    guard isCollection(property) else { return nil }
    let name = property.name
    // Spaces dropped, line breaks kept, so that a pattern stays within one line.
    let text = root.description.filter { $0 != " " && $0 != "\t" }
    let message = "keeps the in-flight table '\(name)' by hand; let SingleFlight run one request per key"
    if text.contains("\(name).remove(") {
      let marked = root.tokens(viewMode: .sourceAccurate).contains { token in
        guard token.tokenKind == .keyword(.guard), let guardStatement = token.parent?.as(GuardStmtSyntax.self),
          guardStatement.conditions.description.filter({ !$0.isWhitespace }).contains("!\(name).contains(")
            || guardStatement.conditions.description.filter({ !$0.isWhitespace }).contains("!self.\(name).contains("),
          let items = guardStatement.parent?.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        let after = items.drop { $0.item.id != guardStatement.id }.dropFirst()
        return after.contains { $0.description.filter { !$0.isWhitespace }.contains("\(name).insert(") }
      }
      if marked { return message }
    }
    let escaped = NSRegularExpression.escapedPattern(for: name)
    let waits = text.range(
      of: "\(escaped)\\[[^\\]\n]*,default:[^\n]*\\]\\.(append|insert)\\(", options: .regularExpression)
    let clears =
      text.range(of: "\(escaped)\\[[^\\]\n]*\\]=nil", options: .regularExpression) != nil
      || text.contains("\(name).removeValue(forKey:")
    return waits != nil && clears ? message : nil
  }

  /// Whether the type awaits the stored task's value (`try await refresh.value`, `task?.value`):
  /// callers join the task in flight instead of starting their own.
  private static func joins(_ name: String, in type: some DeclGroupSyntax) -> Bool {
    type.memberBlock.tokens(viewMode: .sourceAccurate).contains { token in
      guard token.text == "value", token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period else {
        return false
      }
      var base = token.previousToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate)
      if base?.tokenKind == .postfixQuestionMark || base?.tokenKind == .exclamationMark {
        base = base?.previousToken(viewMode: .sourceAccurate)
      }
      return base?.text == name
    }
  }

  /// A lone handle the type cancels somewhere other than where it starts it (`deinit`, `stop()`,
  /// `viewDidDisappear`): work the type deliberately keeps alive and ends. Cancelling only to
  /// start again is the hand-written LatestTask, and stays a finding.
  private static func isOwnedLifecycle(_ property: StoredProperty, of type: String, in file: FileContext) -> Bool {
    mentionsTask(property) && !isCollection(property)
      && file.index.cancels(property.name, owner: type, in: file.module, outsideStart: true)
  }

  private static func mentionsTask(_ property: StoredProperty) -> Bool {
    if let type = property.type,
      type.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .identifier("Task") })
    {
      return true
    }
    guard let value = property.initializer else { return false }
    if let call = value.as(FunctionCallExprSyntax.self) {
      return call.calledExpression.isTaskType
        || call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.isTaskType == true
    }
    return false
  }

  private static func isCollection(_ property: StoredProperty) -> Bool {
    if let type = property.type?.unwrappedOptional {
      if type.is(DictionaryTypeSyntax.self) || type.is(ArrayTypeSyntax.self) { return true }
      if ["Set", "Dictionary", "Array"].contains(type.plainName) { return true }
    }
    guard let value = property.initializer else { return false }
    let literal = value.as(FunctionCallExprSyntax.self)?.calledExpression ?? value
    // `Set<String>()`, `[String: Int]()`.
    let made = literal.as(GenericSpecializationExprSyntax.self)?.expression.trimmedDescription ?? ""
    return literal.is(DictionaryExprSyntax.self) || literal.is(ArrayExprSyntax.self)
      || ["Set", "Dictionary", "Array"].contains(made)
  }

  private static func isDictionary(_ property: StoredProperty) -> Bool {
    if let type = property.type?.unwrappedOptional {
      return type.is(DictionaryTypeSyntax.self) || type.plainName == "Dictionary"
    }
    guard let value = property.initializer else { return false }
    let literal = value.as(FunctionCallExprSyntax.self)?.calledExpression ?? value
    return literal.is(DictionaryExprSyntax.self)
  }

  private static func isToken(_ name: String) -> Bool {
    guard ["token", "credential", "bearer", "jwt"].contains(where: name.contains) else { return false }
    return !["cancel", "observ", "notification", "subscription", "continuation"].contains(where: name.contains)
  }

  private static let cursorNames: Set<String> = [
    "page", "pagenumber", "pageindex", "currentpage", "nextpage", "nextpagenumber", "cursor", "nextcursor",
    "pagecursor", "nextpagetoken", "pagetoken", "offset", "nextoffset", "skip", "nextskip", "hasmore",
    "hasnextpage", "canloadmore", "islastpage", "reachedend", "isatend",
  ]

  private static func paginationGate(in variables: [StoredProperty]) -> (cursor: StoredProperty, flag: StoredProperty)?
  {
    guard let cursor = variables.first(where: { cursorNames.contains($0.name.lowercased()) }),
      let flag = variables.first(where: { property in
        let name = property.name.lowercased()
        let isFlag =
          property.type?.plainName == "Bool" || property.initializer?.is(BooleanLiteralExprSyntax.self) == true
        return isFlag && (name.contains("loading") || name.contains("fetching"))
      })
    else { return nil }
    return (cursor, flag)
  }
}

extension TypeSyntax {
  /// `T` for `T?` and `T!`; the type itself otherwise.
  var unwrappedOptional: TypeSyntax {
    if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType }
    if let implicit = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return implicit.wrappedType }
    return self
  }
}
