import Foundation
import SwiftSyntax

/// CA005: `Task.detached` without a reason written next to it.
///
/// The reason is a comment `// detached: <reason>` on the line before the call (comment lines
/// directly above count, so the reason may sit on top of a longer comment), or at the end of the
/// call's own line.
enum UnexplainedDetachedTaskRule {
  static func check(_ call: FunctionCallExprSyntax, in file: FileContext) -> [Finding] {
    guard ClosureLaunch(callee: call) == .detached, !isExplained(call, in: file) else { return [] }
    // A reason written once, above the first of a function's detached tasks, covers the ones
    // that follow it in that function (a group of loads moved off the main actor together).
    if let function = enclosingFunction(of: call) {
      let earlier = function.tokens(viewMode: .sourceAccurate).compactMap { token -> FunctionCallExprSyntax? in
        guard token.text == "detached", token.position < call.position,
          let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
          let earlierCall = member.parent?.as(FunctionCallExprSyntax.self),
          ClosureLaunch(callee: earlierCall) == .detached
        else { return nil }
        return earlierCall
      }
      if earlier.contains(where: { isExplained($0, in: file) }) { return [] }
    }
    return [
      file.finding(
        .unexplainedDetachedTask, at: call.calledExpression,
        "Task.detached without a reason; use a @concurrent function or a child task, or say why on the line before: "
          + "// detached: <reason>")
    ]
  }

  private static func isExplained(_ call: FunctionCallExprSyntax, in file: FileContext) -> Bool {
    let line = call.startLocation(converter: file.converter).line
    if hasReason(file.text(ofLine: line)) { return true }
    var above = line - 1
    while above >= 1 {
      let text = file.text(ofLine: above).drop { $0.isWhitespace }
      guard text.hasPrefix("//") else { break }
      if hasReason(text) || saysWhereItRuns(text) { return true }
      above -= 1
    }
    return false
  }

  private static func enclosingFunction(of call: FunctionCallExprSyntax) -> Syntax? {
    var current = call.parent
    while let node = current {
      if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self) || node.is(AccessorDeclSyntax.self) {
        return node
      }
      current = node.parent
    }
    return nil
  }

  /// Words that say why the work leaves the caller's executor: "parse items on a background
  /// thread" is a reason as much as `// detached:` is, written as people write it.
  private static let placeWords = ["background", "thread", "off the main", "detach", "priority", "executor"]

  private static func saysWhereItRuns(_ line: Substring) -> Bool {
    let text = line.drop { $0 == " " || $0 == "/" }.lowercased()
    return !text.hasPrefix("detached:") && placeWords.contains { text.contains($0) }
  }

  private static func hasReason(_ line: Substring) -> Bool {
    guard let comment = line.range(of: "//") else { return false }
    let text = line[comment.upperBound...].drop { $0 == " " || $0 == "/" }
    guard text.lowercased().hasPrefix("detached:") else { return false }
    return text.dropFirst("detached:".count).contains { $0.isLetter }
  }
}
