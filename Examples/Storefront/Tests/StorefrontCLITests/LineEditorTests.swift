import StorefrontCLI
import Testing

/// The keys of a text field: typing, moving the cursor, deleting.
@Suite struct LineEditorTests {
  static func typed(_ keys: [Key], into text: String = "") -> LineEditor {
    var field = LineEditor(text)
    for key in keys { field.handle(key) }
    return field
  }

  @Test func typesAtTheCursorAfterMovingIt() {
    let field = Self.typed([.left, .left, .character("o")], into: "phne")
    #expect(field.text == "phone" && field.cursor == 3)
    #expect(Self.typed([.home, .character("i"), .end, .character("!")], into: "Phone").text == "iPhone!")
    #expect(Self.typed([.control("a"), .right, .control("e"), .left], into: "abc").cursor == 2)
  }

  @Test func deletesBeforeAndAfterTheCursor() {
    #expect(Self.typed([.left, .backspace], into: "abcd").text == "abd")
    #expect(Self.typed([.home, .delete], into: "abcd").text == "bcd")
    #expect(Self.typed([.end, .delete, .home, .backspace], into: "ab").text == "ab", "nothing at the ends")
  }

  @Test func controlUClearsTheFieldAndControlKToTheEnd() {
    let cleared = Self.typed([.left, .left, .control("u")], into: "mirror")
    #expect(cleared.text == "" && cleared.cursor == 0, "the whole field, wherever the cursor is")
    #expect(Self.typed([.home, .right, .control("k")], into: "mirror").text == "m")
  }

  @Test func otherKeysAreLeftToTheScreen() {
    var field = LineEditor("x")
    #expect(!field.handle(.enter) && !field.handle(.escape) && !field.handle(.up) && !field.handle(.tab))
    #expect(field.handle(.character("é")) && field.text == "xé")
  }

  @Test func aMaskedFieldShowsDotsWithTheSameCursor() {
    let field = Self.typed([.left], into: "secret")
    #expect(field.masked.text == "••••••" && field.masked.cursor == 5)
  }

  @Test func aCombiningMarkJoinsTheLetterBeforeItAndTheCursorStaysAfterIt() {
    var decoder = KeyDecoder()
    let field = Self.typed(decoder.decode(Array("e\u{301}x".utf8)))
    #expect(field.text == "éx" && field.count == 2 && field.cursor == 2)
    #expect(Self.typed([.left, .backspace], into: "e\u{301}x").text == "x", "the accent goes with its letter")
    let flag = Self.typed([.character("\u{1F1EB}"), .character("\u{1F1F7}"), .character("!")])
    #expect(flag.text == "🇫🇷!" && flag.cursor == 2)
  }

  @Test func aPasteIsCutToTheFieldsLimitAndALongerTextIsKeptWhole() {
    var field = LineEditor("ab", countLimit: 5)
    #expect(field.insert("cdefgh") == 3)
    #expect(field.text == "abcde" && field.cursor == 5)
    #expect(field.handle(.character("z")) && field.text == "abcde", "a full field takes no more")
    var long = LineEditor("a long title", countLimit: 4)
    long.handle(.backspace)
    #expect(long.text == "a long titl", "only typing is held to the limit")
  }

  @Test func aBrokenCharacterInAPasteLosesOnlyItself() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0xE2, UInt8(ascii: "a"), UInt8(ascii: "b")]) == [.character("a"), .character("b")])
    #expect(decoder.decode([0xF0, 0x9F, UInt8(ascii: "c"), 0xC3, 0xA9]) == [.character("c"), .character("é")])
  }

  @Test func theShownPartIsMeasuredInCellsAndMadeInert() {
    #expect(LineEditor("日本語").visible(in: 5) == ("本語", ""), "two cells each; the bar takes one")
    #expect(Self.typed([.home], into: "a\u{1B}[2Jb").visible(in: 10) == ("", "a␛[2Jb"))
    let flag = Self.typed([.home], into: "ab🇫🇷")
    #expect(flag.visible(in: 5) == ("", "ab🇫🇷") && flag.visible(in: 4) == ("", "ab"), "never half a flag")
    #expect(Self.typed([.left], into: "👨‍👩‍👧x").visible(in: 3) == ("👨‍👩‍👧", ""), "a family is one character")
  }

  @Test func theCharactersAtTheStartOfAReadAreTypedAsOneText() {
    let keys: [Key] = [.character("e"), .character("\u{301}"), .character("x"), .enter, .character("y")]
    #expect(LineEditor.leadingText(of: keys[...]) == ("éx", 3))
    #expect(LineEditor.leadingText(of: keys[3...]) == ("", 0))
  }
}
