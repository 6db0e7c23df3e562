import SwiftSyntax

/// CA008: `DispatchQueue.main.async` (or `sync`) inside an async function, a task, or a
/// main-actor context.
///
/// Left alone: `asyncAfter`, a deliberate delay (animation staging, a two-step navigation), not
/// a hop; and a hop written in a closure that escapes (a completion handler, an observer): it
/// may run on a background queue, and the hop is what brings it back to the main thread.
enum DispatchMainRule {
  private static let methods: Set<String> = ["async", "sync", "asyncAndWait"]

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
    guard file.isMainActorContext(Syntax(call)), !file.isInEscapingCallback(Syntax(call)) else { return [] }
    return [
      file.finding(
        .dispatchMainInAsync, at: call.calledExpression,
        "\(method) in a main-actor context only defers work that is already on the main actor; call it directly")
    ]
  }
}
