/// A page of products as the Storefront API sends it: `{products, total, skip, limit}`.
///
/// Entries that cannot be read are left out and counted instead of failing the whole page:
/// one malformed product must not blank a catalog. The page itself must be well formed: a
/// `total`, and a `skip` that is a number or `null`.
public struct ProductListDTO: Sendable, Decodable {
  public var products: [ProductDTO]
  public var total: Int
  public var skip: Int
  /// How many products the server returned.
  public var limit: Int
  /// The entries that were left out, with the reason each could not be read.
  public var dropped: [String]

  private enum CodingKeys: String, CodingKey {
    case products, total, skip, limit
  }

  /// Decodes anything, to step over an entry that did not decode.
  private struct Skipped: Decodable {
    init(from decoder: any Decoder) throws {}
  }

  init(products: [ProductDTO], total: Int, skip: Int, limit: Int, dropped: [String]) {
    self.products = products
    self.total = total
    self.skip = skip
    self.limit = limit
    self.dropped = dropped
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    total = try container.decode(Int.self, forKey: .total)
    // The public service answers an empty or unreadable `skip` with `null` (JavaScript's NaN):
    // its page then starts at the first product.
    skip = try container.decodeIfPresent(Int.self, forKey: .skip) ?? 0
    var entries = try container.nestedUnkeyedContainer(forKey: .products)
    var products: [ProductDTO] = []
    var dropped: [String] = []
    products.reserveCapacity(entries.count ?? 0)
    while !entries.isAtEnd {
      let index = entries.currentIndex
      do {
        products.append(try entries.decode(ProductDTO.self))
      } catch {
        _ = try entries.decode(Skipped.self)
        dropped.append("products[\(index)]: \(Self.reason(error))")
      }
    }
    self.products = products
    self.dropped = dropped
    limit = try container.decodeIfPresent(Int.self, forKey: .limit) ?? products.count + dropped.count
  }

  /// The app's model of this page.
  public func model() -> ProductPage {
    ProductPage(products: products.map { $0.model() }, total: total, skip: skip, droppedCount: dropped.count)
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
}
