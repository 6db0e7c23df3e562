import Foundation

/// The findings a code base had when it adopted the audit, so that only new ones count.
///
/// An entry matches a finding of the same rule, in the same file, with the same fingerprint
/// (rule, enclosing declaration and the line's text with whitespace collapsed), wherever the
/// line has moved. Each entry absorbs one finding: two identical lines need two entries.
public struct Baseline: Codable, Sendable {
  public struct Entry: Codable, Hashable, Sendable {
    public let ruleId: RuleID
    public let file: String
    public let fingerprint: String
    /// For the reader of the file; not used to match.
    public let message: String
  }

  /// The format of the file; only 1 is read.
  public let version: Int
  public let findings: [Entry]

  public init(_ findings: [Finding]) {
    version = 1
    self.findings = findings.map {
      Entry(ruleId: $0.rule, file: $0.file, fingerprint: $0.fingerprint, message: $0.message)
    }
  }

  /// Reads a baseline written by `--write-baseline`.
  public static func read(from path: String) throws(AuditError) -> Baseline {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .unreadable(path: path, reason: error.localizedDescription)
    }
    let baseline: Baseline
    do {
      baseline = try JSONDecoder().decode(Baseline.self, from: data)
    } catch {
      throw .invalidBaseline(path: path, reason: "not the expected JSON")
    }
    guard baseline.version == 1 else { throw .invalidBaseline(path: path, reason: "version \(baseline.version)") }
    return baseline
  }

  /// The file's text: sorted, one entry a line, so a diff of it reads well.
  public func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let sorted = Baseline(
      version: version,
      findings: findings.sorted { ($0.file, $0.ruleId, $0.fingerprint) < ($1.file, $1.ruleId, $1.fingerprint) })
    return (try? encoder.encode(sorted)) ?? Data()
  }

  private init(version: Int, findings: [Entry]) {
    self.version = version
    self.findings = findings
  }

  /// Splits `findings` into those the baseline knows and the new ones.
  func partition(_ findings: [Finding]) -> (known: [Finding], new: [Finding]) {
    var remaining: [String: Int] = [:]
    for entry in self.findings { remaining[key(entry.ruleId, entry.file, entry.fingerprint), default: 0] += 1 }
    var known: [Finding] = []
    var new: [Finding] = []
    for finding in findings {
      let key = key(finding.rule, finding.file, finding.fingerprint)
      if let count = remaining[key], count > 0 {
        remaining[key] = count - 1
        known.append(finding)
      } else {
        new.append(finding)
      }
    }
    return (known, new)
  }

  private func key(_ rule: RuleID, _ file: String, _ fingerprint: String) -> String {
    "\(rule.rawValue)|\(file)|\(fingerprint)"
  }
}
