import Foundation
import SwiftSyntax

/// CA005: `Task.detached` without a reason written next to it.
///
/// The reason is a comment `// detached: <reason>` on the line before the call (comment lines
/// directly above count, so the reason may sit on top of a longer comment), or at the end of the
/// call's own line.
enum UnexplainedDetachedTaskRule {
  static func check(_ call: FunctionCallExprSyntax, in file: FileContext) -> [Finding] {
    guard ClosureLaunch(callee: call) == .detached else { return [] }
    let line = call.startLocation(converter: file.converter).line
    if hasReason(file.text(ofLine: line)) { return [] }
    var above = line - 1
    while above >= 1 {
      let text = file.text(ofLine: above).drop { $0.isWhitespace }
      guard text.hasPrefix("//") else { break }
      if hasReason(text) || saysWhereItRuns(text) { return [] }
      above -= 1
    }
    return [
      file.finding(
        .unexplainedDetachedTask, at: call.calledExpression,
        "Task.detached without a reason; use a @concurrent function or a child task, or say why on the line before: "
          + "// detached: <reason>")
    ]
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
