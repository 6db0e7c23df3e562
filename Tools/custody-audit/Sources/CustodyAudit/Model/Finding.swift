/// One place where a rule applies.
public struct Finding: Codable, Hashable, Sendable {
  /// The rule that applies.
  public let rule: RuleID
  /// The file, as it is reported: relative to the working directory when it lies below it.
  public let file: String
  /// The 1-based line.
  public let line: Int
  /// The 1-based column.
  public let column: Int
  /// What was found, naming the owner that fixes it.
  public let message: String
  /// The declaration the finding lies in (`CatalogViewModel.load(_:)`), or `""` at the top level.
  public let context: String
  /// Identifies the finding across line moves: its rule, declaration and line text, hashed.
  public let fingerprint: String

  /// How the finding is reported.
  public var severity: Severity { rule.rule.severity }

  public init(
    rule: RuleID, file: String, line: Int, column: Int, message: String, context: String, lineText: String
  ) {
    self.rule = rule
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.context = context
    self.fingerprint = Fingerprint.of(rule: rule, context: context, lineText: lineText)
  }

  /// Orders findings by file, position and rule, the order every report uses.
  static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
    (lhs.file, lhs.line, lhs.column, lhs.rule.rawValue) < (rhs.file, rhs.line, rhs.column, rhs.rule.rawValue)
  }
}
