import StorefrontCLI

/// `paste`: text pasted into the command line's line editor as a terminal delivers it: bytes
/// in reads of 4 KiB through the key decoder, the characters of each read typed as one text,
/// and the field drawn once per read, as the browser does. Linear means one paste of 100,000
/// characters costs about what ten pastes of 10,000 cost; the field has no limit here.
///
/// The text mixes what segmentation must join: accents typed as combining marks, emoji with
/// skin tones, ZWJ families, flags and wide CJK. The baseline is the editor this one replaced:
/// a `String` with the cursor as a character offset, indexed from the start on every key.
enum PasteScenario {
  static let sample = "café e\u{301}clair 日本語 👍🏽 👨‍👩‍👧 🇫🇷 Ω "

  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("paste")
    let whole = quick ? 10_000 : 100_000
    let parts = 10
    let one = await Measure.best(repetitions: 3) { blackHole(paste(text(whole), times: 1)) }
    let ten = await Measure.best(repetitions: 3) { blackHole(paste(text(whole / parts), times: parts)) }
    let typedOne = await Measure.best(repetitions: 3) { blackHole(type(text(whole), times: 1)) }
    let typedTen = await Measure.best(repetitions: 3) { blackHole(type(text(whole / parts), times: parts)) }
    report.add("paste ×1 of \(whole)", "time", one.milliseconds, "ms")
    report.add("paste ×\(parts) of \(whole / parts)", "time", ten.milliseconds, "ms")
    report.add("keys ×1 of \(whole)", "time", typedOne.milliseconds, "ms")
    report.add("keys ×\(parts) of \(whole / parts)", "time", typedTen.milliseconds, "ms")
    report.add("paste ×1 of \(whole)", "per character", Measure.nanoseconds(one, per: whole), "ns")
    report.ratio("paste ×1 of \(whole) / ×\(parts) of \(whole / parts)", one / ten, atMost: 2)
    report.ratio("keys ×1 of \(whole) / ×\(parts) of \(whole / parts)", typedOne / typedTen, atMost: 2)

    // The baseline grows with the square of the length: measured ten times shorter.
    let small = whole / 100
    let baselineSmall = await Measure.best(repetitions: 3) { blackHole(baseline(String(repeating: "a", count: small))) }
    let baselineLarge = await Measure.best(repetitions: 3) {
      blackHole(baseline(String(repeating: "a", count: small * 10)))
    }
    report.add("baseline keys ×1 of \(small)", "time", baselineSmall.milliseconds, "ms")
    report.add("baseline keys ×1 of \(small * 10)", "time", baselineLarge.milliseconds, "ms")
    report.notes.append(
      "baseline: 10× the characters cost \(format(baselineLarge / baselineSmall))× the time; "
        + "this editor: 10× cost \(format(one / ten * 10))×")
    return report
  }

  /// `count` characters of the sample, repeated.
  static func text(_ count: Int) -> String {
    let characters = Array(sample)
    return String((0..<count).map { characters[$0 % characters.count] })
  }

  /// Pastes `text` `times` times, each into a fresh field, and returns the characters held.
  static func paste(_ text: String, times: Int) -> Int {
    let bytes = Array(text.utf8)
    var held = 0
    for _ in 0..<times {
      var decoder = KeyDecoder()
      var field = LineEditor()
      var start = 0
      while start < bytes.count {
        let end = min(start + 4096, bytes.count)
        var keys = decoder.decode(bytes[start..<end])[...]
        while !keys.isEmpty {
          let typed = LineEditor.leadingText(of: keys)
          if typed.keys == 0 {
            field.handle(keys.removeFirst())
          } else {
            field.insert(typed.text)
            keys = keys.dropFirst(typed.keys)
          }
        }
        blackHole(field.visible(in: 80))
        start = end
      }
      held += field.count
    }
    return held
  }

  /// Types `text` `times` times, key by key, each into a fresh field.
  static func type(_ text: String, times: Int) -> Int {
    var held = 0
    for _ in 0..<times {
      var field = LineEditor()
      for character in text { field.handle(.character(character)) }
      held += field.count
    }
    return held
  }

  /// The replaced editor's typing: the cursor turned into a string index on every key.
  static func baseline(_ text: String) -> Int {
    var line = ""
    var cursor = 0
    for character in text {
      line.insert(character, at: line.index(line.startIndex, offsetBy: cursor))
      cursor += 1
    }
    return line.count
  }
}
