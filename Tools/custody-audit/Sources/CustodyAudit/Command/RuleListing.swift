/// `--list-rules`: every rule with its message, explanation and fix.
enum RuleListing {
  static func render() -> String {
    Rule.all.map { rule in
      """
      \(rule.id.rawValue) \(rule.slug) (\(rule.severity.rawValue)): \(rule.summary)
        why: \(rule.explanation)
        fix: \(rule.fix)

      """
    }.joined()
  }
}
