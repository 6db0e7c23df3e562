import Foundation
import SwiftSyntax

/// A `// custody-audit:ignore <rules> — <reason>` comment.
///
/// It names one or more rules (ids or slugs, separated by commas or spaces), then a reason after
/// `—`, `–`, `--`, `-` or `:`. It applies to findings of those rules on its own line and on the
/// line after it. Without a reason, or naming an unknown rule, it suppresses nothing and is
/// itself a finding (CA011).
struct Suppression: Sendable {
  static let marker = "custody-audit:ignore"

  let line: Int
  let rules: Set<RuleID>

  /// Whether this suppression silences `finding`.
  func covers(_ finding: Finding) -> Bool {
    rules.contains(finding.rule) && (finding.line == line || finding.line == line + 1)
  }

  /// The suppressions in a file's comments, and a finding for each one that is not valid.
  static func all(in tree: SourceFileSyntax, text: String, file: FileContext) -> ([Suppression], [Finding]) {
    guard text.contains(marker) else { return ([], []) }
    var suppressions: [Suppression] = []
    var problems: [Finding] = []
    for token in tree.tokens(viewMode: .sourceAccurate) {
      for (comment, position) in token.comments {
        guard let range = comment.range(of: marker) else { continue }
        let line = file.converter.location(for: position).line
        switch parse(comment[range.upperBound...]) {
        case .success(let rules): suppressions.append(Suppression(line: line, rules: rules))
        case .failure(let problem):
          problems.append(
            Finding(
              rule: .suppressionWithoutReason, file: file.path, line: line,
              column: file.converter.location(for: position).column, message: problem.message,
              context: file.declarationPath(of: Syntax(token)), lineText: String(file.text(ofLine: line))))
        }
      }
    }
    return (suppressions, problems)
  }

  struct Problem: Error {
    let message: String
  }

  /// The rules named by the text after the marker, if a reason follows them.
  static func parse(_ text: Substring) -> Result<Set<RuleID>, Problem> {
    var rest = text.drop { $0 == " " }
    var rules: Set<RuleID> = []
    while let word = rest.split(whereSeparator: { " ,:".contains($0) }).first, let rule = RuleID(named: String(word)) {
      rules.insert(rule)
      rest = rest[word.endIndex...].drop { $0 == " " || $0 == "," }
    }
    guard !rules.isEmpty else {
      let word = rest.split(separator: " ").first.map { "'\($0)'" } ?? "no rule"
      return .failure(Problem(message: "custody-audit:ignore names \(word), which is no rule; name one by id or slug"))
    }
    let reason = rest.drop { " —–-:".contains($0) }
    guard reason.contains(where: \.isLetter) else {
      return .failure(
        Problem(
          message: "this suppression gives no reason, so it suppresses nothing; write "
            + "'// custody-audit:ignore <rule> — <reason>'"))
    }
    return .success(rules)
  }
}

extension TokenSyntax {
  /// The comments in the token's trivia, with where each starts.
  fileprivate var comments: [(text: String, position: AbsolutePosition)] {
    var found: [(String, AbsolutePosition)] = []
    var offset = position
    for piece in leadingTrivia {
      if let text = piece.commentText { found.append((text, offset)) }
      offset += piece.sourceLength
    }
    offset = endPositionBeforeTrailingTrivia
    for piece in trailingTrivia {
      if let text = piece.commentText { found.append((text, offset)) }
      offset += piece.sourceLength
    }
    return found
  }
}

extension TriviaPiece {
  fileprivate var commentText: String? {
    switch self {
    case .lineComment(let text), .blockComment(let text), .docLineComment(let text), .docBlockComment(let text): text
    default: nil
    }
  }
}
