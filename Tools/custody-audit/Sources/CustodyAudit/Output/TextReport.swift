import Foundation

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

/// `--xcode`: the lines Xcode reads from a build phase's output and shows in the issue navigator,
/// `/absolute/path:line:column: warning: message` (or `note:`), with absolute paths so that each
/// line opens its file whatever the phase's working directory.
enum XcodeReport {
  static func render(_ findings: [Finding], root: String) -> String {
    findings.map { finding in
      let path = finding.file.hasPrefix("/") ? finding.file : (root as NSString).appendingPathComponent(finding.file)
      return "\(path):\(finding.line):\(finding.column): \(finding.severity.rawValue): "
        + "[\(finding.rule.rawValue) \(finding.rule.slug)] \(oneLine(finding.message))\n"
    }.joined()
  }

  /// The message on one line: Xcode reads one diagnostic per line.
  static func oneLine(_ text: String) -> String {
    text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
  }
}

/// `--github`: GitHub Actions workflow commands, one per finding:
/// `::warning file=path,line=1,col=2,title=CA001 coordination-state::message` (`::notice` for a
/// note), which the runner turns into annotations on the pull request. As the Actions toolkit
/// does, `%`, CR and LF are percent-encoded in the message, and `:` and `,` in property values too.
enum GitHubReport {
  static func render(_ findings: [Finding]) -> String {
    findings.map { finding in
      let command = finding.severity == .warning ? "warning" : "notice"
      let properties = [
        "file=\(property(finding.file))", "line=\(finding.line)", "col=\(finding.column)",
        "title=\(property("\(finding.rule.rawValue) \(finding.rule.slug)"))",
      ]
      return "::\(command) \(properties.joined(separator: ","))::\(data(finding.message))\n"
    }.joined()
  }

  /// A message, escaped as the toolkit's `escapeData` does.
  static func data(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// A property value, escaped as the toolkit's `escapeProperty` does.
  static func property(_ text: String) -> String {
    data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
