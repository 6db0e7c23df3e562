import Foundation
import Testing

@testable import StorefrontCLI

/// The frame's two fast paths write exactly what the slow ones they skip would.
@Suite struct FrameFastPathTests {
  /// Prices and ratings as C's `%.*f` writes them, whichever path formats them.
  @Test(arguments: [0, 1, 2, 3] as [Int32])
  func numbersAreWrittenAsCWritesThem(digits: Int32) {
    var random = SeededGenerator(seed: 0xF1_0A7 + UInt64(digits))
    var values: [Double] = [
      0, -0.0, 0.5, 1.5, 2.5, 0.125, 0.375, 2.675, 1.005, 1.115, 9.995, 99.995, 0.045, -0.001, -0.5, -2.5,
      1e11, 1e12, 1e15, 123_456_789.125, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
      .infinity, -.infinity, .nan,
    ]
    for _ in 0..<5_000 {
      // Prices as a catalog has them (cents, a few decimals off), and numbers of any magnitude.
      values.append(Double(Int.random(in: 0..<1_000_000, using: &random)) / 100)
      values.append(Double(Int.random(in: 0..<100_000, using: &random)) / 1_000)
      values.append(Double.random(in: -1e6..<1e6, using: &random))
      values.append(Double(sign: .plus, exponent: Int.random(in: -20...50, using: &random), significand: 1.337))
    }
    for value in values {
      #expect(
        ProductFormatting.fixed(value, digits: digits) == String(format: "%.*f", digits, value),
        "\(value) with \(digits) digits")
    }
  }

  /// The integer path is the one a catalog's prices take: the comparison above would pass with
  /// C's formatter alone.
  @Test func pricesTakeTheIntegerPath() {
    for cents in stride(from: 0, to: 200_000, by: 7) {
      #expect(ProductFormatting.exactlyRounded(Double(cents) / 100, digits: 2) != nil, "\(cents) cents")
    }
    #expect(ProductFormatting.exactlyRounded(0.125, digits: 2) == nil)  // a tie: left to C
    #expect(ProductFormatting.exactlyRounded(.nan, digits: 2) == nil)
  }

  /// The byte scan never lets a control through: every scalar `isControl` matches, alone or
  /// inside other text, makes it look further.
  @Test func theByteScanSeesEveryControl() {
    var scalars = Array(0x00...0x3000).compactMap(Unicode.Scalar.init)
    scalars += [0x1F600, 0x1F1EB, 0xFE0F, 0x200D, 0xE0001].compactMap { Unicode.Scalar(UInt32($0)) }
    for scalar in scalars where TerminalText.isControl(scalar) {
      #expect(TerminalText.mayHoldControls(String(scalar)), "U+\(String(scalar.value, radix: 16))")
      #expect(TerminalText.mayHoldControls("Käse 寿司 \(scalar) 👩‍👩‍👧"), "U+\(String(scalar.value, radix: 16))")
    }
    #expect(!TerminalText.mayHoldControls("Plain title, 寿司, Crème brûlée, שלום, 😀"))
    #expect(TerminalText.inert("a\u{202E}b") == "a\u{FFFD}b")
  }
}
