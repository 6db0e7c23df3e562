/// A page of products as the Storefront API sends it: `{products, total, skip, limit}`.
///
/// Entries that cannot be read are left out and named instead of failing the whole page:
/// one malformed product must not blank a catalog. The page itself must be well formed: a
/// `total` that is a count (a whole number, not negative), and a `skip` that is a number or `null`.
public struct ProductListDTO: Sendable, Decodable {
  public var products: [ProductDTO]
  public var total: Int
  public var skip: Int
  /// How many products the server returned.
  public var limit: Int
  /// The entries that were left out, with the reason each could not be read.
  public var dropped: [String]
  /// The entries that were left out, in plain words for a screen: where, which and why.
  public var skipped: [SkippedProduct]

  private enum CodingKeys: String, CodingKey {
    case products, total, skip, limit
  }

  /// Decodes anything, to step over an entry that did not decode, and reads its id if it can.
  private struct Skipped: Decodable {
    private enum Key: String, CodingKey { case id }
    var id: Int?

    init(from decoder: any Decoder) throws {
      id = try? decoder.container(keyedBy: Key.self).decodeIfPresent(Int.self, forKey: .id)
    }
  }

  init(
    products: [ProductDTO], total: Int, skip: Int, limit: Int, dropped: [String], skipped: [SkippedProduct] = []
  ) {
    self.products = products
    self.total = total
    self.skip = skip
    self.limit = limit
    self.dropped = dropped
    self.skipped = skipped
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    total = try container.decode(Int.self, forKey: .total)
    guard total >= 0 else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath + [CodingKeys.total],
          debugDescription: "a count of products cannot be negative (\(total))"))
    }
    // The public service answers an empty or unreadable `skip` with `null` (JavaScript's NaN):
    // its page then starts at the first product.
    skip = try container.decodeIfPresent(Int.self, forKey: .skip) ?? 0
    var entries = try container.nestedUnkeyedContainer(forKey: .products)
    var products: [ProductDTO] = []
    var dropped: [String] = []
    var skipped: [SkippedProduct] = []
    products.reserveCapacity(entries.count ?? 0)
    while !entries.isAtEnd {
      let index = entries.currentIndex
      do {
        products.append(try entries.decode(ProductDTO.self))
      } catch {
        let entry = try entries.decode(Skipped.self)
        dropped.append("products[\(index)]: \(Self.reason(error))")
        let (position, overflow) = skip.addingReportingOverflow(index + 1)
        skipped.append(
          SkippedProduct(position: overflow ? .max : position, id: entry.id, reason: Self.plainReason(error)))
      }
    }
    self.products = products
    self.dropped = dropped
    self.skipped = skipped
    limit = try container.decodeIfPresent(Int.self, forKey: .limit) ?? products.count + dropped.count
  }

  /// The app's model of this page.
  public func model() -> ProductPage {
    ProductPage(
      products: products.map { $0.model() }, total: total, skip: skip, droppedCount: dropped.count, skipped: skipped)
  }

  private static func reason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .keyNotFound(let key, _): return "missing \(key.stringValue)"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    @unknown default: return "\(error)"
    }
  }

  /// Why an entry could not be read, in a reader's words: "title is not text", "price is
  /// missing", "tags[1] has no value"; the path starts inside the entry.
  static func plainReason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "it could not be read" }
    func field(_ codingPath: [any CodingKey]) -> String {
      // The path starts at the page: `products`, then the entry's index.
      let inEntry = codingPath.dropFirst(2).reduce(into: "") { text, key in
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
      return inEntry.isEmpty ? "the entry" : inEntry
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(field(context.codingPath + [key])) is missing"
    case .valueNotFound(_, let context):
      return "\(field(context.codingPath)) has no value"
    case .typeMismatch(let type, let context):
      let path = field(context.codingPath)
      return path == "the entry" ? "it is not an object" : "\(path) is not \(kind(type))"
    case .dataCorrupted(let context):
      return "\(field(context.codingPath)) could not be read"
    @unknown default:
      return "it could not be read"
    }
  }

  /// What a value of `type` is, in a reader's words.
  private static func kind(_ type: Any.Type) -> String {
    if type == String.self { return "text" }
    if type == Int.self { return "a whole number" }
    if type == Double.self || type == Float.self { return "a number" }
    if type == Bool.self { return "true or false" }
    if type == [Any].self { return "a list" }
    if type == [String: Any].self { return "an object" }
    return "of the right kind"
  }
}
