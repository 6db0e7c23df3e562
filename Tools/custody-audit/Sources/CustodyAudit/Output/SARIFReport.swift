import Foundation

/// `--sarif`: a SARIF 2.1.0 log with one run, every rule described in `tool.driver.rules`, and one
/// result per reported finding. Paths are relative URIs, as reported; the fingerprint goes in
/// `partialFingerprints`, so code-scanning services match results across line moves too.
enum SARIFReport {
  struct Log: Codable {
    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var version = "2.1.0"
    let runs: [Run]

    enum CodingKeys: String, CodingKey {
      case schema = "$schema"
      case version, runs
    }
  }
  struct Run: Codable {
    let tool: ToolComponent
    let results: [Result]
  }
  struct ToolComponent: Codable {
    let driver: Driver
  }
  struct Driver: Codable {
    let name: String
    let version: String
    let rules: [ReportingDescriptor]
  }
  struct ReportingDescriptor: Codable {
    let id: String
    let name: String
    let shortDescription: Text
    let fullDescription: Text
    let help: Text
    let defaultConfiguration: Configuration
  }
  struct Configuration: Codable {
    let level: String
  }
  struct Text: Codable {
    let text: String
  }
  struct Result: Codable {
    let ruleId: String
    let ruleIndex: Int
    let level: String
    let message: Text
    let locations: [Location]
    let partialFingerprints: [String: String]
  }
  struct Location: Codable {
    let physicalLocation: PhysicalLocation
  }
  struct PhysicalLocation: Codable {
    let artifactLocation: ArtifactLocation
    let region: Region
  }
  struct ArtifactLocation: Codable {
    let uri: String
  }
  struct Region: Codable {
    let startLine: Int
    let startColumn: Int
  }

  static func render(_ result: AuditResult) -> String {
    let rules = Rule.all.map { rule in
      ReportingDescriptor(
        id: rule.id.rawValue, name: rule.slug, shortDescription: Text(text: rule.summary),
        fullDescription: Text(text: rule.explanation), help: Text(text: rule.fix),
        defaultConfiguration: Configuration(level: rule.severity.rawValue))
    }
    let results = result.reported.map { finding in
      Result(
        ruleId: finding.rule.rawValue, ruleIndex: Rule.all.firstIndex { $0.id == finding.rule } ?? 0,
        level: finding.severity.rawValue, message: Text(text: finding.message),
        locations: [
          Location(
            physicalLocation: PhysicalLocation(
              artifactLocation: ArtifactLocation(uri: uri(finding.file)),
              region: Region(startLine: finding.line, startColumn: finding.column)))
        ],
        partialFingerprints: ["custodyAudit/v1": finding.fingerprint])
    }
    let driver = Driver(name: Tool.name, version: Tool.version, rules: rules)
    return JSONReport.encode(Log(runs: [Run(tool: ToolComponent(driver: driver), results: results)]))
  }

  /// A path as a URI reference: `/` separators, everything else percent-encoded as a path needs.
  static func uri(_ path: String) -> String {
    path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
  }
}
