import Foundation

/// The count per rule: found (before any suppression), suppressed, in the baseline, and
/// reported. Written to standard error, so standard output stays one format.
enum SummaryTable {
  static func render(_ result: AuditResult) -> String {
    func count(_ findings: [Finding]) -> [RuleID: Int] { Dictionary(grouping: findings, by: \.rule).mapValues(\.count) }
    let found = count(result.found)
    let suppressed = count(result.suppressed)
    let baselined = count(result.baselined)
    let reported = count(result.reported)
    let width = Rule.all.map(\.slug.count).max() ?? 0
    func row(_ cells: [String]) -> String {
      let name = cells[1].padding(toLength: width, withPad: " ", startingAt: 0)
      let numbers = cells[2...].map { String(repeating: " ", count: max(0, 12 - $0.count)) + $0 }.joined()
      return "\(cells[0].padding(toLength: 6, withPad: " ", startingAt: 0))\(name)\(numbers)\n"
    }
    var text = row(["rule", "", "found", "suppressed", "baseline", "reported"])
    for rule in Rule.all {
      text += row(
        [rule.id.rawValue, rule.slug] + [found, suppressed, baselined, reported].map { String($0[rule.id] ?? 0) })
    }
    text += row(
      ["total", "\(result.fileCount) files"]
        + [result.found, result.suppressed, result.baselined, result.reported].map { String($0.count) })
    return text
  }
}
