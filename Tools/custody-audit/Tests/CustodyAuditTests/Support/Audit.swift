import CustodyAudit

/// Audits fixtures written in the tests, as files of one module.
enum Audit {
  /// The findings for one file.
  static func findings(
    _ source: String, defaultIsolation: DefaultIsolation = .nonisolated, path: String = "Fixture.swift"
  ) async -> [Finding] {
    await result([path: source], defaultIsolation: defaultIsolation).reported
  }

  /// The result for several files of one module, by path.
  static func result(
    _ files: [String: String], defaultIsolation: DefaultIsolation = .nonisolated, baseline: Baseline? = nil
  ) async -> AuditResult {
    let module = Module(name: "Fixture", defaultIsolation: defaultIsolation)
    let sources = files.sorted { $0.key < $1.key }.map { SourceInput(path: $0.key, text: $0.value, module: module) }
    return await Auditor.audit(sources, baseline: baseline)
  }

  /// The rules of the findings for one file, in report order.
  static func rules(_ source: String, defaultIsolation: DefaultIsolation = .nonisolated) async -> [RuleID] {
    await findings(source, defaultIsolation: defaultIsolation).map(\.rule)
  }
}
