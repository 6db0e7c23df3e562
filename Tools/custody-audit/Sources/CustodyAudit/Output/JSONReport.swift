import Foundation

/// `--json`: every reported finding with its rule, place, message, fix and fingerprint, and the
/// per-rule counts.
enum JSONReport {
  struct Document: Codable {
    struct Item: Codable {
      let ruleId: String
      let rule: String
      let severity: String
      let file: String
      let line: Int
      let column: Int
      let message: String
      let fix: String
      let context: String
      let fingerprint: String
    }
    struct Count: Codable {
      let ruleId: String
      let rule: String
      let found: Int
      let suppressed: Int
      let baselined: Int
      let reported: Int
    }
    let tool: String
    let version: String
    let files: Int
    let lines: Int
    let findings: [Item]
    let summary: [Count]
  }

  static func render(_ result: AuditResult) -> String {
    let items = result.reported.map { finding in
      Document.Item(
        ruleId: finding.rule.rawValue, rule: finding.rule.slug, severity: finding.severity.rawValue,
        file: finding.file, line: finding.line, column: finding.column, message: finding.message,
        fix: finding.rule.rule.fix, context: finding.context, fingerprint: finding.fingerprint)
    }
    let counts = Rule.all.map { rule in
      Document.Count(
        ruleId: rule.id.rawValue, rule: rule.slug, found: result.found.count { $0.rule == rule.id },
        suppressed: result.suppressed.count { $0.rule == rule.id },
        baselined: result.baselined.count { $0.rule == rule.id },
        reported: result.reported.count { $0.rule == rule.id })
    }
    let document = Document(
      tool: Tool.name, version: Tool.version, files: result.fileCount, lines: result.lineCount, findings: items,
      summary: counts)
    return encode(document)
  }

  static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(value)) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

/// The tool's name and version, as reports give them.
enum Tool {
  static let name = "custody-audit"
  static let version = "1.0.0"
}
