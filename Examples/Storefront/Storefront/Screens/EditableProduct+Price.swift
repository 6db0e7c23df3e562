import Foundation

// How the form reads and writes a price: in whole cents, in integer arithmetic, so no typed
// text and no server's price can stop the program.
extension EditableProduct {
  /// The highest price the form takes, in cents: a billion, far above any real product's and
  /// far below where a `Double` stops holding every cent exactly.
  public nonisolated static let maximumPriceCents = 100_000_000_000

  /// Why a typed price cannot be saved.
  enum PriceProblem: Error, Equatable {
    case notANumber, zero, tooLarge
  }

  /// The typed price in cents: ASCII digits with at most two decimals after a point or a comma,
  /// above zero and at most ``maximumPriceCents``. Parsed in integer arithmetic that cannot trap,
  /// however many digits are typed.
  nonisolated static func parseCents(_ typed: String) -> Result<Int, PriceProblem> {
    let text = typed.trimmingCharacters(in: .whitespaces)
    let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "," })
    guard (1...2).contains(parts.count), !parts[0].isEmpty, parts.count == 1 || (1...2).contains(parts[1].count),
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return .failure(.notANumber) }
    let fraction = parts.count == 2 ? parts[1] + (parts[1].count == 1 ? "0" : "") : "00"
    var cents = 0
    for digit in (parts[0] + fraction).utf8 {
      cents = cents * 10 + Int(digit - UInt8(ascii: "0"))
      if cents > maximumPriceCents { return .failure(.tooLarge) }
    }
    return cents == 0 ? .failure(.zero) : .success(cents)
  }

  /// `price` in whole cents; `nil` for a price no form could hold (not finite, or beyond an
  /// `Int`), which a server may still send.
  nonisolated static func cents(_ price: Double) -> Int? {
    let scaled = (price * 100).rounded()
    guard scaled.isFinite, abs(scaled) < 1e15 else { return nil }
    return Int(scaled)
  }

  /// `price` as the form shows it: "9.90".
  nonisolated static func text(for price: Double) -> String {
    guard let cents = cents(price), cents >= 0 else { return "\(price)" }
    let fraction = cents % 100
    return "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
