/// A table of plain text columns, fitted to a width by shortening the one flexible column.
///
/// Widths count characters (grapheme clusters), which is right for the Latin text the catalog
/// holds; a cell that is too long ends with `…`.
public struct TextTable: Sendable, Hashable {
  public enum Alignment: Sendable, Hashable { case left, right }

  public struct Column: Sendable, Hashable {
    public var title: String
    public var alignment: Alignment
    /// Whether this column shrinks when the table is too wide.
    public var isFlexible: Bool

    public init(_ title: String, _ alignment: Alignment = .left, flexible: Bool = false) {
      self.title = title
      self.alignment = alignment
      self.isFlexible = flexible
    }
  }

  public var columns: [Column]
  public var rows: [[String]]

  public init(columns: [Column], rows: [[String]]) {
    self.columns = columns
    self.rows = rows
  }

  /// The column widths that fit `width` (unlimited when `nil`).
  public func widths(fitting width: Int?) -> [Int] {
    var widths = columns.indices.map { column in
      rows.reduce(columns[column].title.count) { max($0, $1[column].count) }
    }
    guard let width, let flexible = columns.firstIndex(where: \.isFlexible) else { return widths }
    let total = widths.reduce(0, +) + 2 * (columns.count - 1)
    if total > width { widths[flexible] = max(8, widths[flexible] - (total - width)) }
    return widths
  }

  /// The header line then one line per row, each ending in a newline.
  public func render(width: Int?, style: Style = .plain) -> String {
    let widths = widths(fitting: width)
    var text = style.dim(line(columns.map(\.title), widths)) + "\n"
    for row in rows { text += line(row, widths) + "\n" }
    return text
  }

  /// One row laid out in `widths`, without a newline.
  public func line(_ cells: [String], _ widths: [Int]) -> String {
    cells.indices.map { column in
      let cell = Self.fit(cells[column], widths[column])
      let padding = String(repeating: " ", count: widths[column] - cell.count)
      let isLast = column == cells.count - 1
      return columns[column].alignment == .right ? padding + cell : cell + (isLast ? "" : padding)
    }.joined(separator: "  ").trimmingTrailingSpaces()
  }

  /// `text` cut to `width` characters, ending in `…` when cut.
  public static func fit(_ text: String, _ width: Int) -> String {
    guard text.count > width else { return text }
    guard width > 1 else { return String(text.prefix(width)) }
    return String(text.prefix(width - 1)) + "…"
  }
}

extension String {
  /// The string without the spaces an empty last cell leaves.
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
