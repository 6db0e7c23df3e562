import Foundation
import Testing

/// How many frames the browser draws per key press over a long session, driven through a
/// pseudo-terminal: a change draws one frame however many events came before it.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct BrowserRedrawTests {
  /// How many frames start (`ESC[H`) in `bytes`.
  static func frames(in bytes: ArraySlice<UInt8>) -> Int {
    var count = 0
    var index = bytes.startIndex
    while index + 2 < bytes.endIndex {
      if bytes[index] == 0x1B && bytes[index + 1] == 0x5B && bytes[index + 2] == 0x48 { count += 1 }
      index += 1
    }
    return count
  }

  @Test func framesPerKeyStayTheSameOverAThousandKeys() async throws {
    let data = try DataFolder()
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "0"], rows: 24)
    try await terminal.read(until: "30 of 200")
    let keys = 1_000
    var marks: [Int] = []
    /// The frames drawn per key over the 10 keys before key `end`.
    func perKey(before end: Int) -> Double {
      Double(Self.frames(in: terminal.bytes[marks[end - 10]..<marks[end]])) / 10
    }
    for index in 0...keys {
      let mark = terminal.mark
      marks.append(mark)
      // Each key alone in its read, as a person types: one event each.
      terminal.send(index.isMultiple(of: 2) ? "j" : "k")
      let selected = index.isMultiple(of: 2) ? 2 : 1
      try await terminal.read { $0.selectedID(after: mark) == selected }
      if index >= 20 && index.isMultiple(of: 10) {
        // Stops at the first sign of growth, rather than drawing ever more frames until the limit.
        try #require(
          perKey(before: index) <= max(perKey(before: 10) * 2, 3),
          "key \(index): \(perKey(before: index)) frames per key, \(perKey(before: 10)) for the first 10")
      }
    }
    let first = perKey(before: 10)
    let last = perKey(before: keys)
    #expect(last <= max(first, 2), "the last 10 keys drew \(last) frames each, the first 10 \(first)")
    print("frames per key press: first 10 keys \(first), last 10 of \(keys) \(last)")
    terminal.send("q")
    try await terminal.readToEnd()
  }

  @Test func theSpinnersTicksAddNoRedrawsToLaterKeys() async throws {
    let data = try DataFolder()
    // Two seconds of spinner before the first page: some 25 ticks, each drawn.
    let terminal = try PseudoTerminal(arguments: ["--data-dir", data.path, "--latency", "2000"], rows: 24)
    try await terminal.read(until: "30 of 200", timeout: .seconds(30))
    var marks: [Int] = []
    for (key, selected) in [("j", 2), ("k", 1), ("?", nil), ("x", nil), ("j", 2)] as [(String, Int?)] {
      let mark = terminal.mark
      marks.append(mark)
      terminal.send(key)
      if let selected {
        try await terminal.read { $0.selectedID(after: mark) == selected }
      } else {
        try await terminal.read(until: key == "?" ? "Keys" : "sorted by id", after: mark)  // help opens, closes
      }
    }
    let perKey = zip(marks, marks.dropFirst()).map { Self.frames(in: terminal.bytes[$0..<$1]) }
    #expect(perKey.allSatisfy { $0 <= 2 }, "frames per key after the ticks: \(perKey)")
    terminal.send("q")
    try await terminal.readToEnd()
  }
}
