/// Colour and emphasis for text output: ANSI sequences on a terminal, nothing otherwise.
public struct Style: Sendable, Hashable {
  public var usesColor: Bool

  public init(usesColor: Bool) {
    self.usesColor = usesColor
  }

  /// No colour at all.
  public static let plain = Style(usesColor: false)

  public func bold(_ text: String) -> String { wrap(text, "1") }
  public func dim(_ text: String) -> String { wrap(text, "2") }
  public func accent(_ text: String) -> String { wrap(text, "36") }
  public func favorite(_ text: String) -> String { wrap(text, "33") }
  public func warning(_ text: String) -> String { wrap(text, "33") }
  public func failure(_ text: String) -> String { wrap(text, "31") }
  /// Reverse video: the selected row.
  public func selected(_ text: String) -> String { wrap(text, "7") }

  private func wrap(_ text: String, _ code: String) -> String {
    usesColor && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// Whether to colour, by the informal standard: never with `--no-color` or a non-empty
  /// `NO_COLOR`, never when the output is not a terminal.
  public static func usesColor(isTerminal: Bool, noColorFlag: Bool, environment: [String: String]) -> Bool {
    isTerminal && !noColorFlag && (environment["NO_COLOR"] ?? "").isEmpty
  }
}
