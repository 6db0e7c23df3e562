import SwiftSyntax

/// CA002: CPU-heavy work written after an `await` in a main-actor task (`Task { }`, SwiftUI's
/// `.task { }` and `.refreshable { }`) or in a main-actor async function: it runs on the main
/// actor when the await resumes there.
enum HeavyWorkAfterAwaitRule {
  /// A `Task { }` or `.task { }` closure created in a main-actor context.
  static func check(_ call: FunctionCallExprSyntax, in file: FileContext) -> [Finding] {
    let launch = ClosureLaunch(callee: call)
    guard launch == .task || launch == .screenTask, let closure = call.launchedClosure else { return [] }
    let inMainActorCode = file.isMainActorContext(Syntax(closure))
    guard ClosureLaunch(closure) == .mainActor || inMainActorCode else { return [] }
    let place = launch == .task ? "this Task" : "this .\(call.calleeName ?? "task") closure"
    // `Task { @MainActor in … }` made outside main-actor code moves its whole body to the main
    // actor on purpose: work before its first await runs there too.
    if ClosureLaunch(closure) == .mainActor, !inMainActorCode {
      return findings(in: closure.statements, place: place, file: file, fromStart: true)
    }
    return findings(in: closure.statements, place: place, file: file)
  }

  /// A main-actor async function.
  static func check(_ function: FunctionDeclSyntax, in file: FileContext) -> [Finding] {
    guard function.signature.effectSpecifiers?.asyncSpecifier != nil, let body = function.body,
      file.isMainActorContext(Syntax(body))
    else { return [] }
    return findings(in: body.statements, place: "'\(function.name.text)'", file: file)
  }

  private static func findings(
    in statements: CodeBlockItemListSyntax, place: String, file: FileContext, fromStart: Bool = false
  ) -> [Finding] {
    let scanner = InlineScanner.scan(statements)
    guard let first = fromStart ? 0 : scanner.firstSuspension else { return [] }
    var lines: Set<Int> = []
    return scanner.hits.filter { $0.position > first }.compactMap { hit in
      let when = fromStart && hit.position < (scanner.firstSuspension ?? Int.max) ? "" : " after an await"
      let finding = file.finding(
        .heavyWorkAfterAwait, at: hit.node,
        "'\(hit.name)' \(hit.operation.phrase) on the main actor\(when) in \(place); do it in a "
          + "@concurrent function and await the result")
      return lines.insert(finding.line).inserted ? finding : nil
    }
  }
}

extension FunctionCallExprSyntax {
  /// The closure a task-starting call runs: its trailing closure or its `operation:` argument.
  var launchedClosure: ClosureExprSyntax? {
    trailingClosure
      ?? arguments.first { $0.label?.text == "operation" || $0.label == nil }?.expression
      .as(ClosureExprSyntax.self)
  }
}
