import SwiftParser
import SwiftSyntax

/// What an audit found, before and after suppressions and the baseline.
public struct AuditResult: Sendable {
  /// Every finding, suppressed or not, in report order.
  public let found: [Finding]
  /// Findings silenced by a suppression comment.
  public let suppressed: [Finding]
  /// Findings the baseline knows.
  public let baselined: [Finding]
  /// What is left to report, in report order.
  public let reported: [Finding]
  /// How many files were read.
  public let fileCount: Int
  /// How many lines those files hold.
  public let lineCount: Int

  /// Whether anything that counts toward the exit status is left: a warning. Notes inform only.
  public var hasWarnings: Bool { reported.contains { $0.severity == .warning } }
}

/// Runs the rules over a set of files: parses them in parallel, resolves names per module, then
/// checks them in parallel.
public enum Auditor {
  /// Audits `sources`, applying their suppression comments and, if given, `baseline`.
  public static func audit(_ sources: [SourceInput], baseline: Baseline? = nil) async -> AuditResult {
    let parsed = await parallelMap(sources) { source in
      let tree = Parser.parse(source: source.text)
      return (tree, DeclarationCollector.collect(tree))
    }
    let index = ModuleIndex(zip(sources, parsed).map { ($0.module, $1.1) })
    let checked = await parallelMap(Array(zip(sources, parsed.map(\.0)))) { source, tree in
      check(source, tree, index)
    }
    let escapeHatches = EscapeHatchRule.findings(for: checked.flatMap(\.escapeHatches))
    var found: [Finding] = []
    var suppressed: [Finding] = []
    var kept: [Finding] = []
    var suppressions: [String: [Suppression]] = [:]
    for result in checked {
      suppressions[result.path] = result.suppressions
    }
    for finding in onceEachHelper(checked.flatMap(\.findings)) + escapeHatches {
      found.append(finding)
      if suppressions[finding.file, default: []].contains(where: { $0.covers(finding) }) {
        suppressed.append(finding)
      } else {
        kept.append(finding)
      }
    }
    let (known, new) = baseline?.partition(kept) ?? ([], kept)
    return AuditResult(
      found: found.sorted(by: Finding.reportOrder), suppressed: suppressed.sorted(by: Finding.reportOrder),
      baselined: known.sorted(by: Finding.reportOrder), reported: new.sorted(by: Finding.reportOrder),
      fileCount: sources.count, lineCount: sources.reduce(0) { $0 + $1.text.utf8.count { $0 == 10 } })
  }

  /// The findings with CA003 reported once per helper, at its first call in report order: the
  /// fix is made in the helper, not at each of its callers.
  private static func onceEachHelper(_ findings: [Finding]) -> [Finding] {
    var seen: Set<String> = []
    return findings.sorted(by: Finding.reportOrder).filter { finding in
      finding.rule != .heavyHelperOnMainActor || seen.insert(finding.message).inserted
    }
  }

  private struct FileResult: Sendable {
    let path: String
    let findings: [Finding]
    let escapeHatches: [EscapeHatchRule.Use]
    let suppressions: [Suppression]
  }

  private static func check(_ source: SourceInput, _ tree: SourceFileSyntax, _ index: ModuleIndex) -> FileResult {
    let file = FileContext(path: source.path, text: source.text, tree: tree, module: source.module, index: index)
    let visitor = RuleVisitor(file: file)
    visitor.walk(tree)
    let (suppressions, problems) = Suppression.all(in: tree, text: source.text, file: file)
    return FileResult(
      path: source.path, findings: visitor.findings + problems, escapeHatches: visitor.escapeHatches,
      suppressions: suppressions)
  }

  /// `transform` applied to each element on the cooperative pool, results in input order.
  private static func parallelMap<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ transform: @escaping @Sendable (Element) -> Result
  ) async -> [Result] {
    await withTaskGroup(of: (Int, Result).self) { group in
      for (offset, element) in elements.enumerated() {
        group.addTask { (offset, transform(element)) }
      }
      var results: [Result?] = Array(repeating: nil, count: elements.count)
      for await (offset, result) in group { results[offset] = result }
      return results.map { $0! }
    }
  }
}
