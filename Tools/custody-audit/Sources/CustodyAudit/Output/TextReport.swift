/// Compiler-style lines, one per finding: `path:line:column: warning: [CA001 coordination-state] message`.
/// Notes are written `note:`, so editors and CI log parsers show them as information.
enum TextReport {
  static func render(_ findings: [Finding]) -> String {
    findings.map { finding in
      "\(finding.file):\(finding.line):\(finding.column): \(finding.severity.rawValue): "
        + "[\(finding.rule.rawValue) \(finding.rule.slug)] \(finding.message)\n"
    }.joined()
  }
}
