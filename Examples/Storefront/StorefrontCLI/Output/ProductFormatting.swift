import Foundation
import Storefront

/// How products read in text: prices, ratings, and the rows of a product table.
public enum ProductFormatting {
  /// `$1,299.99`-style without grouping: `$1299.99`.
  public static func price(_ value: Double) -> String {
    "$" + fixed(value, digits: 2)
  }

  public static func rating(_ value: Double?) -> String {
    value.map { fixed($0, digits: 1) } ?? "–"
  }

  /// `value` with `digits` decimals, as `String(format: "%.2f")` writes it. A frame formats two
  /// numbers per row: Foundation's format parsing cost a third of a frame, and passing C's
  /// formatter its arguments a tenth more (a dynamic cast per argument), so the common case is
  /// integer arithmetic, and only what it cannot tell exactly goes to C.
  static func fixed(_ value: Double, digits: Int32) -> String {
    exactlyRounded(value, digits: Int(digits)) ?? formatted(value, digits: digits)
  }

  /// `value` rounded to `digits` decimals as C rounds it (to the nearest of the exact binary
  /// value), when scaling by a power of ten cannot have moved it across a rounding boundary:
  /// the scaled value is below 10^12, where it is off by at most 2^-13, and its fraction is
  /// farther than 10^-3 from one half. Otherwise `nil`.
  static func exactlyRounded(_ value: Double, digits: Int) -> String? {
    guard (0...6).contains(digits), value.isFinite else { return nil }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = value.magnitude * scale
    guard scaled < 1e12 else { return nil }
    let whole = scaled.rounded(.down)
    let fraction = scaled - whole
    guard abs(fraction - 0.5) > 1e-3 else { return nil }
    let units = UInt64(whole) + (fraction > 0.5 ? 1 : 0)
    let divisor = UInt64(scale)
    var text = value.sign == .minus ? "-" : ""
    text += String(units / divisor)
    guard digits > 0 else { return text }
    let decimals = String(units % divisor)
    text += "."
    text += String(repeating: "0", count: digits - decimals.utf8.count)
    text += decimals
    return text
  }

  /// C's own formatter, called directly.
  static func formatted(_ value: Double, digits: Int32) -> String {
    let text = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 48) { buffer -> String? in
      let count = withVaList([digits, value]) { vsnprintf(buffer.baseAddress, buffer.count, "%.*f", $0) }
      guard count >= 0, Int(count) < buffer.count else { return nil }
      return String(cString: buffer.baseAddress!)
    }
    return text ?? String(format: "%.*f", digits, value)  // a number longer than the buffer
  }

  /// ID, title, category, price, rating, favourite mark.
  public static func table(_ products: some Collection<Product>, favorites: Set<Product.ID>) -> TextTable {
    TextTable(
      columns: [
        .init("ID", .right), .init("TITLE", flexible: true), .init("CATEGORY", minimumWidth: 8, dropOrder: 2),
        .init("PRICE", .right), .init("RATING", .right, dropOrder: 1), .init("FAV", dropOrder: 3),
      ],
      rows: products.map { product in
        [
          String(product.id), product.title, product.category, price(product.price), rating(product.rating),
          favorites.contains(product.id) ? "*" : "",
        ]
      })
  }

  /// ``detail(_:isFavorite:style:width:)``, laid out off the caller's actor.
  @concurrent
  public static func detailText(_ product: Product, isFavorite: Bool, style: Style, width: Int?) async -> String {
    detail(product, isFavorite: isFavorite, style: style, width: width)
  }

  /// The lines of a product's detail: title, then `Label: value` pairs, then the description.
  ///
  /// Every text of the product is made inert (``TerminalText``): it came from the server.
  public static func detail(_ product: Product, isFavorite: Bool, style: Style, width: Int?) -> String {
    var lines = [style.bold(TerminalText.inert(product.title)) + (isFavorite ? " " + style.favorite("*") : "")]
    var pairs: [(String, String)] = [("ID", String(product.id)), ("Category", product.category)]
    var priceText = price(product.price)
    if let discount = product.discountPercentage, discount > 0 { priceText += String(format: " (-%.0f%%)", discount) }
    pairs.append(("Price", priceText))
    pairs.append(("Rating", rating(product.rating)))
    if let stock = product.stock { pairs.append(("Stock", String(stock))) }
    if let brand = product.brand { pairs.append(("Brand", brand)) }
    if let status = product.availabilityStatus { pairs.append(("Availability", status)) }
    if !product.tags.isEmpty { pairs.append(("Tags", product.tags.joined(separator: ", "))) }
    if let shipping = product.shippingInformation { pairs.append(("Shipping", shipping)) }
    if let warranty = product.warrantyInformation { pairs.append(("Warranty", warranty)) }
    if let returns = product.returnPolicy { pairs.append(("Returns", returns)) }
    if let sku = product.sku { pairs.append(("SKU", sku)) }
    if !product.reviews.isEmpty {
      let average = Double(product.reviews.map(\.rating).reduce(0, +)) / Double(product.reviews.count)
      pairs.append(("Reviews", String(format: "%d (average %.1f)", product.reviews.count, average)))
    }
    let labelWidth = pairs.map(\.0.count).max() ?? 0
    for (label, value) in pairs {
      let label = (label + ":").padding(toLength: labelWidth + 2, withPad: " ", startingAt: 0)
      lines.append(style.dim(label) + TerminalText.inert(value))
    }
    if !product.description.isEmpty {
      lines.append("")
      lines.append(contentsOf: wrap(TerminalText.inert(product.description), width: min(width ?? 80, 100)))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` broken into lines of at most `width` cells (10 at least), at spaces; a word wider
  /// than a line, such as a path, is broken where the line ends.
  public static func wrap(_ text: String, width: Int) -> [String] {
    let width = max(width, 10)
    var lines: [String] = []
    var line = ""
    for whole in text.split(separator: " ") {
      var word = whole
      if !line.isEmpty && DisplayWidth.of(line) + 1 + DisplayWidth.of(word) > width {
        lines.append(line)
        line = ""
      }
      while line.isEmpty && DisplayWidth.of(word) > width {
        let head = DisplayWidth.prefix(word, fitting: width).text
        guard !head.isEmpty else { break }  // a character wider than the line: leave it whole
        lines.append(String(head))
        word = word[head.endIndex...]
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
