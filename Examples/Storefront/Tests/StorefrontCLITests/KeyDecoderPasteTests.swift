import StorefrontCLI
import Testing

/// Bracketed pastes and mouse-wheel reports, as a terminal sends them while the browser has
/// them turned on.
@Suite struct KeyDecoderPasteTests {
  static let start = "\u{1B}[200~"
  static let end = "\u{1B}[201~"

  @Test func aBracketedPasteIsOneKeyWhateverItHolds() {
    var decoder = KeyDecoder()
    let keys = decoder.decode(Array(("a" + Self.start + "q\r\u{1B}[Bx" + Self.end + "b").utf8))
    #expect(keys == [.character("a"), .paste("q\r\u{1B}[Bx"), .character("b")])
    #expect(!decoder.hasPending)
  }

  @Test func aPasteSplitAnywhereAcrossReadsIsStillOne() {
    let bytes = Array((Self.start + "qjk 日本" + Self.end).utf8)
    for split in 1..<bytes.count {
      var decoder = KeyDecoder()
      let keys = decoder.decode(bytes[..<split]) + decoder.decode(bytes[split...])
      #expect(keys == [.paste("qjk 日本")], "split at \(split)")
    }
  }

  @Test func aPauseInsideAPasteDoesNotEndIt() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array((Self.start + "q\u{1B}").utf8)).isEmpty)
    #expect(!decoder.hasPending, "no Esc timer: the end marker ends a paste")
    #expect(decoder.flush().isEmpty)
    #expect(decoder.decode(Array("[201~".utf8)) == [.paste("q")])
  }

  @Test(
    arguments: [
      ("\u{1B}[<64;10;5M", [Key.wheel(up: true)]),
      ("\u{1B}[<65;1;1M", [.wheel(up: false)]),
      ("\u{1B}[<81;3;3M", [.wheel(up: false)]),  // Ctrl held
      ("\u{1B}[<0;3;3M\u{1B}[<0;3;3m", []),  // a click and its release: not used
    ] as [(String, [Key])])
  func decodesTheMouseWheel(bytes: String, keys: [Key]) {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array(bytes.utf8)) == keys)
  }

  @Test func theTerminalModesAreTurnedOffOnTheWayOut() {
    for mode in ["\u{1B}[?2004", "\u{1B}[?1000;1006"] {
      #expect(ANSI.enter.contains(mode + "h") && ANSI.leave.contains(mode + "l"), "\(mode)")
    }
  }
}
