/// A table of plain text columns, fitted to a width.
///
/// Widths are terminal cells (``DisplayWidth``), so wide characters and emoji keep the columns
/// straight, and every cell is made inert (``TerminalText``) before it is laid out. When the
/// table is too wide the flexible column (the one people read, such as a title) keeps its share
/// first (two fifths of the line, or all it needs): other columns shorten to their minimum, then
/// the least useful ones are left out, and only then does the flexible column shorten further.
/// Room the flexible column has beyond its share goes to the shortened columns first. A cell
/// that is cut ends with `…`.
public struct TextTable: Sendable, Hashable {
  public enum Alignment: Sendable, Hashable { case left, right }

  public struct Column: Sendable, Hashable {
    public var title: String
    public var alignment: Alignment
    /// Whether this column takes the space the others leave, and shortens last.
    public var isFlexible: Bool
    /// The width this column may shorten to; `nil` when it never shortens.
    public var minimumWidth: Int?
    /// When the table does not fit, columns with a drop order are left out, lowest first;
    /// `nil` for a column always shown.
    public var dropOrder: Int?

    public init(
      _ title: String, _ alignment: Alignment = .left, flexible: Bool = false, minimumWidth: Int? = nil,
      dropOrder: Int? = nil
    ) {
      self.title = title
      self.alignment = alignment
      self.isFlexible = flexible
      self.minimumWidth = minimumWidth
      self.dropOrder = dropOrder
    }
  }

  public var columns: [Column]
  public var rows: [[String]]

  /// The space between two columns.
  static let gap = 2

  public init(columns: [Column], rows: [[String]]) {
    self.columns = columns
    self.rows = rows
  }

  /// The column widths that fit `width` (unlimited when `nil`); a column left out has width 0.
  public func widths(fitting width: Int?) -> [Int] {
    let natural = columns.indices.map { column in
      rows.reduce(DisplayWidth.of(columns[column].title)) { max($0, DisplayWidth.of(TerminalText.inert($1[column]))) }
    }
    guard let width, Self.total(natural) > width, let flexible = columns.firstIndex(where: \.isFlexible) else {
      return natural
    }
    let droppable = columns.indices.compactMap { column in columns[column].dropOrder.map { (column, $0) } }
      .sorted { $0.1 < $1.1 }.map(\.0)
    // The flexible column keeps two fifths of the line, or all it needs, before anything else gives way.
    let floor = min(natural[flexible], max(10, width * 2 / 5))
    for dropped in 0...droppable.count {
      let hidden = Set(droppable.prefix(dropped))
      if let widths = layout(natural, hiding: hidden, flexible: flexible, floor: floor, keeping: floor, width: width) {
        return widths
      }
    }
    return layout(natural, hiding: Set(droppable), flexible: flexible, floor: 1, keeping: width, width: width)
      ?? natural.indices.map { droppable.contains($0) ? 0 : $0 == flexible ? 1 : natural[$0] }
  }

  /// Widths with `hidden` left out and the flexible column at least `floor`, or `nil` when
  /// they do not fit `width`. The flexible column takes up to `keep` first; the shortened ones
  /// then grow back towards their natural width, and what is left goes to the flexible column:
  /// a category is not cut while the title has more than its share.
  private func layout(
    _ natural: [Int], hiding hidden: Set<Int>, flexible: Int, floor: Int, keeping keep: Int, width: Int
  ) -> [Int]? {
    var widths = natural.indices.map { column -> Int in
      if hidden.contains(column) { return 0 }
      return column == flexible ? 0 : min(natural[column], columns[column].minimumWidth ?? natural[column])
    }
    let available = width - Self.total(widths) - Self.gap
    guard available >= floor else { return nil }
    widths[flexible] = min(natural[flexible], available, max(keep, floor))
    var left = available - widths[flexible]
    for column in widths.indices where column != flexible && widths[column] > 0 && widths[column] < natural[column] {
      let grown = min(natural[column], widths[column] + left)
      left -= grown - widths[column]
      widths[column] = grown
    }
    widths[flexible] += min(left, natural[flexible] - widths[flexible])
    return widths
  }

  /// The width of a line with these column widths.
  private static func total(_ widths: [Int]) -> Int {
    let shown = widths.filter { $0 > 0 }
    return shown.reduce(0, +) + gap * max(shown.count - 1, 0)
  }

  /// The header line then one line per row, each ending in a newline; laid out off the
  /// caller's actor, since every cell of a long listing is measured.
  @concurrent
  public func render(width: Int?, style: Style = .plain) async -> String {
    let widths = widths(fitting: width)
    var text = style.dim(line(columns.map(\.title), widths)) + "\n"
    for row in rows { text += line(row, widths) + "\n" }
    return text
  }

  /// One row laid out in `widths`, without a newline; columns of width 0 are left out.
  public func line(_ cells: [String], _ widths: [Int]) -> String {
    cells.indices.filter { widths[$0] > 0 }.map { column in
      let cell = Self.fit(TerminalText.inert(cells[column]), widths[column])
      let padding = String(repeating: " ", count: max(widths[column] - DisplayWidth.of(cell), 0))
      return columns[column].alignment == .right ? padding + cell : cell + padding
    }.joined(separator: String(repeating: " ", count: Self.gap)).trimmingTrailingSpaces()
  }

  /// `text` cut to `width` cells, ending in `…` when cut.
  public static func fit(_ text: String, _ width: Int) -> String {
    guard DisplayWidth.of(text) > width else { return text }
    guard width > 1 else { return String(DisplayWidth.prefix(text, fitting: max(width, 0)).text) }
    return String(DisplayWidth.prefix(text, fitting: width - 1).text) + "…"
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
