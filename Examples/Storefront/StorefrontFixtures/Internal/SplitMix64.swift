/// A small seeded generator (SplitMix64) whose output is the same on every platform and
/// toolchain, so a seed always produces the same catalog.
///
/// The helpers below avoid the standard library's `random(in:using:)`, whose way of mapping
/// bits to a range is an implementation detail that could change between releases.
struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// A generator for one item of a family, independent of how many other items exist.
  init(seed: UInt64, stream: UInt64) {
    var mixer = SplitMix64(seed: seed ^ (stream &* 0x9E37_79B9_7F4A_7C15))
    state = mixer.next()
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in `0..<1` with 53 bits of precision.
  mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

  /// A value in `range`; the modulo bias is far below anything a catalog could show.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next() % width)
  }

  /// `true` with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool { int(in: 0...99) < percent }

  /// One element of a non-empty array.
  mutating func pick<Element>(_ elements: [Element]) -> Element {
    elements[int(in: 0...(elements.count - 1))]
  }

  /// `count` distinct elements of `elements`, in the array's order.
  mutating func pick<Element>(_ count: Int, of elements: [Element]) -> [Element] {
    var indices = Set<Int>()
    let wanted = min(count, elements.count)
    while indices.count < wanted { indices.insert(int(in: 0...(elements.count - 1))) }
    return indices.sorted().map { elements[$0] }
  }
}
