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

  @Test func controlUClearsToTheStartAndControlKToTheEnd() {
    let cleared = Self.typed([.left, .left, .control("u")], into: "mirror")
    #expect(cleared.text == "or" && cleared.cursor == 0)
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
}
