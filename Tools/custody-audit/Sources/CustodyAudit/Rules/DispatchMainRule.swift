import SwiftSyntax

/// CA008: `DispatchQueue.main.async` (or `sync`, `asyncAfter`) inside an async function, a task,
/// or a main-actor context.
enum DispatchMainRule {
  private static let methods: Set<String> = ["async", "sync", "asyncAfter", "asyncAndWait"]

  static func check(_ call: FunctionCallExprSyntax, in file: FileContext) -> [Finding] {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      methods.contains(member.declName.baseName.text),
      let base = member.base?.trimmedDescription, base == "DispatchQueue.main" || base.hasSuffix(".DispatchQueue.main")
    else { return [] }
    let method = "DispatchQueue.main.\(member.declName.baseName.text)"
    if file.isAsyncContext(Syntax(call)) {
      return [
        file.finding(
          .dispatchMainInAsync, at: call.calledExpression,
          "\(method) in async code escapes Swift concurrency; await a @MainActor function instead")
      ]
    }
    guard file.isMainActorContext(Syntax(call)) else { return [] }
    return [
      file.finding(
        .dispatchMainInAsync, at: call.calledExpression,
        "\(method) in a main-actor context only defers work that is already on the main actor; call it directly")
    ]
  }
}
