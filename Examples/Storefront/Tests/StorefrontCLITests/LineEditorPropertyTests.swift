import Foundation
import StorefrontCLI
import Testing

/// Random edits over hard text: the editor never traps, its cursor stays on a character
/// boundary within the text, and it keeps the text, characters and cursor of ``LineModel``.
///
/// Each run is seeded; a failure names its seed, and `LINE_EDITOR_SEED=<seed>` runs that one
/// alone again.
@Suite struct LineEditorPropertyTests {
  /// Runs of scalars that test segmentation: marks, joiners, flags, wide and right-to-left
  /// scripts, controls, and characters that join the one after them.
  static let pieces: [[UInt32]] = [
    [0x61], [0x65], [0x20], [0x5A], [0x31],  // ASCII
    [0x301], [0x300], [0x308], [0x20DD], [0x489],  // combining marks, enclosing ones
    [0x200D], [0x1F468], [0x1F469], [0x1F467], [0x2764], [0xFE0F], [0xFE0E], [0x1F3FD], [0x1F44D],  // ZWJ emoji
    [0x1F1EB], [0x1F1F7], [0x1F1EF], [0x1F1F5],  // regional indicators (flags)
    [0x65E5], [0x672C], [0x8A9E], [0xFF21], [0xAC00], [0x1100], [0x1161], [0x11A8],  // CJK, Hangul and its jamo
    [0x5D0], [0x5E9], [0x5B8], [0x627], [0x644], [0x200F], [0x202E], [0x2067],  // RTL, points, bidi controls
    [0x915], [0x94D], [0x937], [0x903],  // Devanagari: conjuncts, a spacing mark
    [0x600], [0x110BD],  // prepended concatenation marks: they join what follows
    [0x0D], [0x0A], [0x85], [0x200B], [0x09], [0x1B],  // CR LF, C1, zero-width space, controls
    [0x31, 0xFE0F, 0x20E3], [0x1F3F3, 0xFE0F, 0x200D, 0x1F308],  // a keycap, a rainbow flag
  ]

  static func text(_ random: inout SeededGenerator, from pieces: [[UInt32]], scalars: ClosedRange<Int>) -> String {
    var view = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: scalars, using: &random) {
      view.append(contentsOf: pieces.randomElement(using: &random)!.map { Unicode.Scalar($0)! })
    }
    return String(view)
  }

  /// All the pieces, or for a third of the runs a few of them: long runs of flags or of marks
  /// only come from a small alphabet.
  static func alphabet(_ random: inout SeededGenerator) -> [[UInt32]] {
    guard Int.random(in: 0..<3, using: &random) == 0 else { return pieces }
    return (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }
      + [[0x1F1EB], [0x61]].prefix(Int.random(in: 0...2, using: &random))
  }

  static let keys: [Key] = [
    .left, .right, .home, .end, .backspace, .delete, .control("a"), .control("e"), .control("u"), .control("k"),
    .enter, .up, .tab, .escape,
  ]

  @Test func randomEditsKeepTheModelsTextAndCursor() {
    let seeds: [UInt64]
    if let given = ProcessInfo.processInfo.environment["LINE_EDITOR_SEED"].flatMap({ UInt64($0) }) {
      seeds = [given]
    } else {
      seeds = Array(1...300) + [UInt64.random(in: 1...UInt64.max)]
    }
    for seed in seeds {
      guard Self.run(seed: seed) else { return }  // one failing seed is enough to read
    }
  }

  /// One run of random edits; whether every check held.
  static func run(seed: UInt64) -> Bool {
    var random = SeededGenerator(seed: seed)
    let limit = Bool.random(using: &random) ? nil : Int.random(in: 0...24, using: &random)
    let pieces = alphabet(&random)
    let initial = text(&random, from: pieces, scalars: 0...12)
    var editor = LineEditor(initial, countLimit: limit)
    var model = LineModel(initial, countLimit: limit)
    var edits: [String] = []
    for _ in 0..<Int.random(in: 1...120, using: &random) {
      let before = editor.count
      switch Int.random(in: 0..<10, using: &random) {
      case 0...2:
        let pasted = text(&random, from: pieces, scalars: Int.random(in: 0...1, using: &random) == 0 ? 1...3 : 1...60)
        edits.append("insert \(pasted.unicodeScalars.map { String($0.value, radix: 16) })")
        let left = editor.insert(pasted)
        guard expect(left == model.insert(pasted), "left out", seed: seed, edits) else { return false }
      case 3...4:
        guard let character = text(&random, from: pieces, scalars: 1...2).first else { continue }
        edits.append("type \(character.unicodeScalars.map { String($0.value, radix: 16) })")
        guard expect(editor.handle(.character(character)) == model.handle(.character(character)), "", seed: seed, edits)
        else { return false }
      default:
        let key = keys.randomElement(using: &random)!
        edits.append("\(key)")
        guard expect(editor.handle(key) == model.handle(key), "handled", seed: seed, edits) else { return false }
      }
      guard check(editor, model, countBefore: before, seed: seed, edits, &random) else { return false }
    }
    return true
  }

  static func check(
    _ editor: LineEditor, _ model: LineModel, countBefore: Int, seed: UInt64, _ edits: [String],
    _ random: inout SeededGenerator
  ) -> Bool {
    let expected = model.characters.map { Array($0.unicodeScalars) }
    guard expect((0...editor.count).contains(editor.cursor), "cursor within the text", seed: seed, edits),
      expect(editor.characters.map { Array($0.unicodeScalars) } == expected, "characters", seed: seed, edits),
      expect(Array(editor.text.unicodeScalars) == model.scalars, "text", seed: seed, edits),
      expect(editor.cursor == model.characterCursor, "cursor", seed: seed, edits),
      expect(editor.count <= max(editor.countLimit ?? .max, countBefore), "limit", seed: seed, edits)
    else { return false }
    let width = Int.random(in: 0...12, using: &random)
    let shown = editor.visible(in: width)
    return expect(
      DisplayWidth.of(shown.before) + DisplayWidth.of(shown.after) <= max(width - 1, 0), "fits \(width) cells",
      seed: seed, edits)
      && expect(
        TerminalText.inert(shown.before + shown.after) == shown.before + shown.after, "inert", seed: seed, edits)
  }

  static func expect(
    _ condition: Bool, _ what: String, seed: UInt64, _ edits: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    if !condition {
      Issue.record(
        "\(what) broke with seed \(seed) (LINE_EDITOR_SEED=\(seed)) after: \(edits.joined(separator: "; "))",
        sourceLocation: sourceLocation)
    }
    return condition
  }
}

/// SplitMix64: a small generator whose whole sequence follows from its seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
