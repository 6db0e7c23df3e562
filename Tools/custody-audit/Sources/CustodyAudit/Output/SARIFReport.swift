import Foundation

/// `--sarif`: a SARIF 2.1.0 log with one run, every rule described in `tool.driver.rules`, and one
/// result per reported finding. A file reported by an absolute path is a `file://` URI; one
/// reported relative to the working directory stays relative, with `uriBaseId` `SRCROOT`, which
/// the run's `originalUriBaseIds` declares as that directory. The fingerprint goes in
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
    let originalUriBaseIds: [String: ArtifactLocation]
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
    var uriBaseId: String?
  }

  /// The name of the folder relative URIs are resolved against.
  static let rootName = "SRCROOT"
  struct Region: Codable {
    let startLine: Int
    let startColumn: Int
  }

  /// The log for `result`; `root` is the folder relative paths were reported from.
  static func render(_ result: AuditResult, root: String) -> String {
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
              artifactLocation: location(finding.file),
              region: Region(startLine: finding.line, startColumn: finding.column)))
        ],
        partialFingerprints: ["custodyAudit/v1": finding.fingerprint])
    }
    let driver = Driver(name: Tool.name, version: Tool.version, rules: rules)
    let base = ArtifactLocation(uri: fileURI(root.hasSuffix("/") ? root : root + "/"))
    let run = Run(tool: ToolComponent(driver: driver), originalUriBaseIds: [rootName: base], results: results)
    return JSONReport.encode(Log(runs: [run]))
  }

  /// An absolute path as a `file://` URI; a relative one as a URI reference against `SRCROOT`.
  static func location(_ path: String) -> ArtifactLocation {
    if path.hasPrefix("/") { return ArtifactLocation(uri: fileURI(path)) }
    // A colon in the first segment would read as a scheme (RFC 3986 §4.2).
    let reference = path.prefix { $0 != "/" }.contains(":") ? "./" + path : path
    return ArtifactLocation(uri: uri(reference), uriBaseId: rootName)
  }

  /// `file:///abs/path`, percent-encoded (RFC 8089: an empty authority, then the path).
  static func fileURI(_ path: String) -> String { "file://" + uri(path) }

  /// A path as a URI reference: `/` separators, everything else percent-encoded as a path needs.
  static func uri(_ path: String) -> String {
    path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
  }
}
