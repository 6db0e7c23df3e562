import Foundation
import Testing

/// How long the soak runs and with which seed, from the environment:
/// `CUSTODY_SOAK_SECONDS` (default 30) and `CUSTODY_SOAK_SEED` (hex with `0x`, or decimal;
/// random by default).
struct SoakSettings: Sendable {
  var duration: Duration
  var seed: UInt64
  var workers = 24

  static func fromEnvironment() -> SoakSettings {
    let environment = ProcessInfo.processInfo.environment
    let seconds = environment["CUSTODY_SOAK_SECONDS"].flatMap(Double.init) ?? 30
    let seed = environment["CUSTODY_SOAK_SEED"].flatMap(parseSeed) ?? UInt64.random(in: .min ... .max)
    return SoakSettings(duration: .milliseconds(Int64(max(seconds, 0.1) * 1000)), seed: seed)
  }

  static func parseSeed(_ text: String) -> UInt64? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    if trimmed.hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
    return UInt64(trimmed)
  }

  var seedText: String { "0x" + String(seed, radix: 16, uppercase: true) }

  /// Time for the run, half as much again for a slow (sanitized) build to settle, and three
  /// minutes to spare.
  var timeLimit: TimeLimitTrait.Duration {
    .minutes(Int(duration.components.seconds) * 3 / 2 / 60 + 3)
  }
}
