import StorefrontCLI
import Testing

@Suite struct KeyDecoderTests {
  @Test(
    arguments: [
      ("q", [Key.character("q")]),
      ("\r", [.enter]),
      ("\u{7F}", [.backspace]),
      ("\u{03}", [.control("c")]),
      ("\t", [.tab]),
      ("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", [.up, .down, .right, .left]),
      ("\u{1B}OA", [.up]),
      ("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~", [.pageUp, .pageDown, .home, .end]),
      ("\u{1B}[1;5A", [.up]),
      ("é", [.character("é")]),
      ("ab", [.character("a"), .character("b")]),
      ("\u{1B}[I", [.focus(true)]),
      ("\u{1B}[O", [.focus(false)]),
      ("a\u{1B}[Ob\u{1B}[Ic", [.character("a"), .focus(false), .character("b"), .focus(true), .character("c")]),
      ("\u{1B}OI\u{1B}[2I", []),  // SS3 I and a CSI I with a parameter are not focus reports
    ] as [(String, [Key])])
  func decodesKeys(bytes: String, keys: [Key]) {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array(bytes.utf8)) == keys)
    #expect(!decoder.hasPending)
  }

  @Test func aFocusReportSplitAcrossReadsIsOneReport() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B, UInt8(ascii: "[")]).isEmpty)
    #expect(decoder.decode(Array("I".utf8)) == [.focus(true)])
    #expect(!decoder.hasPending)
  }

  @Test func keepsASequenceSplitAcrossReads() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.decode(Array("[".utf8)).isEmpty)
    #expect(decoder.decode(Array("B".utf8)) == [.down])
    let e = Array("é".utf8)
    #expect(decoder.decode([e[0]]).isEmpty)
    #expect(decoder.decode([e[1]]) == [.character("é")])
  }

  @Test func aLoneEscapeIsTheEscapeKeyOnceFlushed() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.decode([0x1B, UInt8(ascii: "x")]) == [.escape, .character("x")])
  }

  @Test func aFlushPlannedBeforeMoreBytesCameKeepsTheNewerKeyWhole() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]).isEmpty)
    let planned = decoder.received
    #expect(decoder.decode(Array("[".utf8)).isEmpty, "the rest of the sequence arrives in pieces")
    #expect(decoder.flush(ifNothingSince: planned).isEmpty, "the late flush leaves it alone")
    #expect(decoder.decode(Array("B".utf8)) == [.down])
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.flush(ifNothingSince: decoder.received) == [.escape], "a lone Esc still is Escape")
  }
}
