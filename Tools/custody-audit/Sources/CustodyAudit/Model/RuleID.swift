/// The rules of the audit, by their stable identifier.
///
/// The identifier (`CA001`) is what suppressions, baselines and SARIF results name; the slug
/// (`coordination-state`) is the readable name, accepted wherever an identifier is.
public enum RuleID: String, CaseIterable, Codable, Comparable, Sendable {
  case coordinationState = "CA001"
  case heavyWorkAfterAwait = "CA002"
  case heavyHelperOnMainActor = "CA003"
  case unownedScreenTask = "CA004"
  case unexplainedDetachedTask = "CA005"
  case isolationEscapeHatch = "CA006"
  case isolatedService = "CA007"
  case dispatchMainInAsync = "CA008"
  case uncheckedSendableWithoutLock = "CA009"
  case cancellationAsFailure = "CA010"
  case suppressionWithoutReason = "CA011"

  /// What the rule finds and which owner fixes it.
  public var rule: Rule { Rule.catalog[self] }

  /// The readable name of the rule.
  public var slug: String { rule.slug }

  /// The rule named by `text`: an identifier (`CA001`, any case) or a slug.
  public init?(named text: String) {
    if let rule = RuleID(rawValue: text.uppercased()) {
      self = rule
    } else if let rule = RuleID.allCases.first(where: { $0.slug == text.lowercased() }) {
      self = rule
    } else {
      return nil
    }
  }

  public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How a finding is reported: a warning counts toward the exit status, a note informs.
public enum Severity: String, Codable, Sendable {
  case warning
  case note
}
