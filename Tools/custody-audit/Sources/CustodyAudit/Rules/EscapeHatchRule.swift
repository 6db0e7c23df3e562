import SwiftSyntax

/// CA006 (a note): the `MainActor.run` and `MainActor.assumeIsolated` calls of each type,
/// counted across the module and reported once per type, at its first use.
enum EscapeHatchRule {
  /// One use, as the second pass records it.
  struct Use: Sendable {
    let module: Module
    /// The type (or extended type) the use is written in; `nil` at the top level.
    let owner: String?
    let isRun: Bool
    let finding: Finding
  }

  static func use(_ member: MemberAccessExprSyntax, in file: FileContext) -> Use? {
    guard let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.text == "MainActor" else {
      return nil
    }
    let name = member.declName.baseName.text
    guard name == "run" || name == "assumeIsolated" else { return nil }
    let owner = file.enclosingTypeName(of: Syntax(member))
    let placeholder = file.finding(.isolationEscapeHatch, at: member, "")
    return Use(module: file.module, owner: owner, isRun: name == "run", finding: placeholder)
  }

  /// One note per type, at the first use in report order.
  static func findings(for uses: [Use]) -> [Finding] {
    let byOwner = Dictionary(grouping: uses) { "\($0.module.name)|\($0.owner ?? "")" }
    return byOwner.values.compactMap { uses -> Finding? in
      let sorted = uses.sorted { Finding.reportOrder($0.finding, $1.finding) }
      guard let first = sorted.first else { return nil }
      let runs = uses.filter(\.isRun).count
      let assumes = uses.count - runs
      let counts = [
        runs > 0 ? "MainActor.run \(times(runs))" : nil,
        assumes > 0 ? "MainActor.assumeIsolated \(times(assumes))" : nil,
      ].compactMap { $0 }.joined(separator: " and ")
      let who = first.owner.map { "'\($0)'" } ?? "top-level code of this module"
      let at = first.finding
      return Finding(
        rule: .isolationEscapeHatch, file: at.file, line: at.line, column: at.column,
        message: "\(who) uses \(counts); state its isolation on the type or the member instead",
        context: first.owner ?? "", lineText: first.owner ?? "")
    }
  }

  private static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }
}
