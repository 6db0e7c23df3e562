import FuzzSupport
import StorefrontCLIEditing

/// Arbitrary bytes as a terminal's input to a field, through the key decoder, handled as the
/// browser handles a read: the characters at its start typed as one text, the other keys one
/// by one. The field never traps; its cursor stays on a character boundary within the text;
/// it holds the text, characters and cursor of the plain model; it never grows past its limit
/// by typing; and what it shows fits the cells it is given and is inert.
///
/// The first byte chooses the field: its lowest bit whether it has a limit, its next bit whether
/// the first read is the field's starting text instead of keys, the six others the limit. Each 0xFF byte, which UTF-8 never
/// holds, ends a read; the pause after it ends a lone Esc, as the terminal's timer does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLineEditor(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = [UInt8](FuzzInput.data(bytes, count))
  guard let setup = data.first else { return 0 }
  let limit = setup & 1 == 0 ? nil : Int(setup >> 2)
  var reads = data.dropFirst().split(separator: 0xFF, omittingEmptySubsequences: false)[...]
  let initial = setup & 2 == 0 ? "" : String(decoding: reads.popFirst() ?? [], as: UTF8.self)
  var field = Field(editor: LineEditor(initial, countLimit: limit), model: LineModel(initial, countLimit: limit))
  var decoder = KeyDecoder()
  for (number, read) in reads.enumerated() {
    field.apply(decoder.decode(read)[...])
    field.apply(decoder.flush(ifNothingSince: decoder.received)[...])
    field.check(width: number % 24)
  }
  return 0
}

/// The editor and its model, given the same keys.
struct Field {
  var editor: LineEditor
  var model: LineModel

  mutating func apply(_ keys: ArraySlice<Key>) {
    var keys = keys
    while let key = keys.first {
      let typed = LineEditor.leadingText(of: keys)
      let before = editor.count
      if typed.keys > 0 {
        precondition(editor.insert(typed.text) == model.insert(typed.text), "a different count left out")
        keys = keys.dropFirst(typed.keys)
      } else {
        precondition(editor.handle(key) == model.handle(key), "\(key) handled differently")
        keys = keys.dropFirst()
      }
      precondition((0...editor.count).contains(editor.cursor), "the cursor left the text")
      precondition(editor.count <= max(editor.countLimit ?? .max, before), "typing grew the field past its limit")
    }
  }

  func check(width: Int) {
    let characters = editor.characters.map { Array($0.unicodeScalars) }
    precondition(characters == model.characters.map { Array($0.unicodeScalars) }, "not the model's characters")
    precondition(editor.text.unicodeScalars.elementsEqual(model.scalars), "not the model's text")
    precondition(editor.cursor == model.characterCursor, "not the model's cursor")
    let shown = editor.visible(in: width)
    precondition(DisplayWidth.of(shown.before) + DisplayWidth.of(shown.after) <= max(width - 1, 0), "too wide")
    let text = shown.before + shown.after
    precondition(TerminalText.inert(text) == text, "a control shown as it is")
  }
}
