/// An entry of a server's listing that could not be read as a product, and was left out.
///
/// A page keeps the others (one malformed product must not blank a catalog), and says which
/// ones it left out and why, so a screen never lists fewer products than the server sent
/// without a word:
///
/// ```swift
/// SkippedProduct.sentence(for: page.skipped)
/// // "Skipped 1 product the server sent that could not be read: product 2: title is not text."
/// ```
public struct SkippedProduct: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Where the entry sits in the whole listing, counting from 1.
  public var position: Int
  /// The entry's id, when it has one that can be read.
  public var id: Product.ID?
  /// Why the entry could not be read, in plain words: "title is not text", "price is missing".
  public var reason: String

  public init(position: Int, id: Product.ID?, reason: String) {
    self.position = position
    self.id = id
    self.reason = reason
  }

  /// The entry and why it was left out: "product 2: title is not text"; an entry without a
  /// readable id is named by its position.
  public var description: String {
    "\(id.map { "product \($0)" } ?? "the entry at position \(position)"): \(reason)"
  }

  /// How many entries a sentence names before it counts the rest.
  static let namedInSentence = 3

  /// One sentence for the entries a listing left out, naming the first few and why; `nil` when
  /// none was left out.
  public static func sentence(for skipped: [SkippedProduct]) -> String? {
    guard !skipped.isEmpty else { return nil }
    let count = skipped.count == 1 ? "1 product" : "\(skipped.count) products"
    var named = skipped.prefix(namedInSentence).map(\.description).joined(separator: "; ")
    if skipped.count > namedInSentence { named += "; and \(skipped.count - namedInSentence) more" }
    return "Skipped \(count) the server sent that could not be read: \(named)."
  }

  /// `skipped` and `more` as one list in the order of the listing, each position once: a page
  /// answered to two callers is merged twice.
  static func merged(_ skipped: [SkippedProduct], _ more: [SkippedProduct]) -> [SkippedProduct] {
    guard !more.isEmpty else { return skipped }
    var byPosition: [Int: SkippedProduct] = [:]
    for entry in skipped + more { byPosition[entry.position] = entry }
    return byPosition.values.sorted { $0.position < $1.position }
  }
}
