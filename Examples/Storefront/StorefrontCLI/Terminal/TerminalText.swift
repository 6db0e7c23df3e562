/// Makes text that came from outside the program safe to show on a terminal.
///
/// A product title, a category, a user name, a search query: any of them may hold bytes a
/// terminal obeys instead of showing, such as `ESC [ 2 J` (clear the screen) or
/// `ESC ] 0 ; … BEL` (rename the window). ``inert(_:)`` turns every such character into a
/// visible stand-in, so the text shows what it holds and the terminal does nothing:
///
/// ```swift
/// TerminalText.inert("\u{1B}[2JRED")  // "␛[2JRED"
/// ```
///
/// The program's own sequences (colours, cursor moves) are added after, around inert text.
/// JSON output never goes through here: it stays exactly what the server sent.
public enum TerminalText {
  /// `text` with every control character replaced by a visible one of width one: C0 controls
  /// and DEL by their Control Pictures (`␛`, `␇`, `␊`, …), C1 controls and the bidirectional
  /// overrides and isolates by `�`. Everything else is kept.
  public static func inert(_ text: String) -> String {
    guard mayHoldControls(text) else { return text }
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      result.append(isControl(scalar) ? stand(in: scalar) : scalar)
    }
    return String(result)
  }

  /// Whether `text` may hold a scalar ``isControl(_:)`` matches, from its UTF-8 bytes alone:
  /// false only when none is there. A frame passes every cell's text through ``inert(_:)``,
  /// and most of it is printable ASCII or letters far from the controls.
  static func mayHoldControls(_ text: String) -> Bool {
    for byte in text.utf8 {
      // C0 and DEL; 0xC2 leads U+0080…U+00BF (the C1 controls among them); 0xE2 leads
      // U+2000…U+2FFF (the bidirectional controls among them).
      if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 { return true }
    }
    return false
  }

  /// Whether `scalar` is one a terminal may act on, or one that reorders the text around it.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    // LRE, RLE, PDF, LRO, RLO and LRI, RLI, FSI, PDI: they can make text read in another order
    // than it is stored in.
    case 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  private static func stand(in scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value) ?? replacement
    case 0x7F: "\u{2421}"
    default: replacement
    }
  }

  private static let replacement: Unicode.Scalar = "\u{FFFD}"
}
