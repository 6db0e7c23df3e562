extension PseudoTerminal {
  /// Everything the program wrote so far.
  var transcript: String { String(decoding: bytes, as: UTF8.self) }

  /// How many bytes were read so far: where to look for the next screen.
  var mark: Int { bytes.count }

  /// Everything written after byte `start`, control sequences included.
  func output(after start: Int) -> String {
    String(decoding: bytes.dropFirst(start), as: UTF8.self)
  }

  /// The lines of the last whole frame drawn after byte `start`, without control sequences.
  func lastFrame(after start: Int = 0) -> [String] {
    Self.lastFrame(in: output(after: start))
  }

  /// Every whole frame drawn after byte `start`, in order, as ``lastFrame(after:)`` reads one.
  func frames(after start: Int = 0) -> [[String]] {
    output(after: start).split(separator: "\u{1B}[H", omittingEmptySubsequences: false).dropFirst().map {
      Self.lastFrame(in: "\u{1B}[H" + $0)
    }.filter { !$0.isEmpty }
  }

  /// The ID of the last row drawn selected (in reverse video) after byte `start`.
  func selectedID(after start: Int) -> Int? {
    let output = output(after: start)
    guard let row = output.ranges(of: "\u{1B}[7m").last else { return nil }
    return Int(output[row.upperBound...].drop { $0 == " " }.prefix { $0.isNumber })
  }

  /// `text` without CSI sequences (colours, cursor moves), as a screen shows it.
  static func plain(_ text: String) -> String {
    text.replacing(/\x1B\[[0-9;?]*[A-Za-z]/, with: "")
  }

  /// The lines of the last whole frame in `text`, without control sequences.
  static func lastFrame(in text: String) -> [String] {
    guard let end = text.ranges(of: "\u{1B}[J").last, let home = text[..<end.lowerBound].ranges(of: "\u{1B}[H").last
    else { return [] }
    // The terminal turns the "\n" of each "\r\n" into "\r\n" again: lines end in "\r\r\n".
    let frame = plain(String(text[home.upperBound..<end.lowerBound]))
    return frame.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      String(String.UnicodeScalarView(line.filter { $0 != "\r" }))
    }
  }
}
