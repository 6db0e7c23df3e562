import Foundation
import Storefront

/// The `--json` output of every command: stable keys, sorted, `null` for a missing value
/// (never an absent key), documented by `storefront help json`.
public enum JSONOutput {
  /// `value` as pretty-printed JSON with sorted keys and a final newline, encoded off the
  /// caller's actor: a listing can be the whole catalog.
  @concurrent
  public static func encode(_ value: some Encodable & Sendable) async -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "null\n" }
    return closingEmptyContainers(String(decoding: data, as: UTF8.self)) + "\n"
  }

  /// A product in a list.
  public struct ProductSummary: Encodable, Sendable, Hashable {
    public var id: Int
    public var title: String
    public var category: String
    public var price: Double
    public var rating: Double?
    public var isFavorite: Bool

    public init(_ product: Product, isFavorite: Bool) {
      id = product.id
      title = product.title
      category = product.category
      price = product.price
      rating = product.rating
      self.isFavorite = isFavorite
    }

    enum CodingKeys: String, CodingKey { case id, title, category, price, rating, isFavorite }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(title, forKey: .title)
      try container.encode(category, forKey: .category)
      try container.encode(price, forKey: .price)
      try container.encode(rating, forKey: .rating)
      try container.encode(isFavorite, forKey: .isFavorite)
    }
  }

  /// `products`: one page.
  public struct ProductList: Encodable, Sendable, Hashable {
    public var products: [ProductSummary]
    public var total: Int
    public var skip: Int
    /// How many products this page holds.
    public var count: Int
    /// `{"field": "price", "order": "asc"}` or `null` for the server's order (by id).
    public var sort: ProductSort?
    public var category: String?
    /// `"live"`, or `"offline"` when the page is the one saved at the last run.
    public var source: String
    /// When an offline page was fetched (ISO 8601); `null` when live.
    public var savedAt: Date?
    /// The entries the server sent that could not be read, left out of `products`.
    public var skipped: [Skipped] = []

    enum CodingKeys: String, CodingKey {
      case products, total, skip, count, sort, category, source, savedAt, skipped
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(products, forKey: .products)
      try container.encode(total, forKey: .total)
      try container.encode(skip, forKey: .skip)
      try container.encode(count, forKey: .count)
      try container.encode(sort, forKey: .sort)
      try container.encode(category, forKey: .category)
      try container.encode(source, forKey: .source)
      try container.encode(savedAt.map { ISO8601DateFormatter().string(from: $0) }, forKey: .savedAt)
      try container.encode(skipped, forKey: .skipped)
    }
  }

  /// `search`.
  public struct SearchResult: Encodable, Sendable, Hashable {
    public var query: String
    public var total: Int
    public var products: [ProductSummary]
    /// The matches the server sent that could not be read, left out of `products`.
    public var skipped: [Skipped] = []
  }

  /// An entry of a listing that could not be read: where it was, its id if it had a readable
  /// one, and why.
  public struct Skipped: Encodable, Sendable, Hashable {
    public var position: Int
    public var id: Int?
    public var reason: String

    public init(_ skipped: SkippedProduct) {
      position = skipped.position
      id = skipped.id
      reason = skipped.reason
    }

    enum CodingKeys: String, CodingKey { case position, id, reason }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(position, forKey: .position)
      try container.encode(id, forKey: .id)
      try container.encode(reason, forKey: .reason)
    }
  }

  /// `product`: the product in full.
  public struct ProductDetail: Encodable, Sendable, Hashable {
    public var product: Product
    public var isFavorite: Bool

    enum CodingKeys: String, CodingKey {
      case id, title, description, category, price, discountPercentage, rating, stock, brand, tags, sku
      case availabilityStatus, shippingInformation, warrantyInformation, returnPolicy, reviewCount, isFavorite
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(product.id, forKey: .id)
      try container.encode(product.title, forKey: .title)
      try container.encode(product.description, forKey: .description)
      try container.encode(product.category, forKey: .category)
      try container.encode(product.price, forKey: .price)
      try container.encode(product.discountPercentage, forKey: .discountPercentage)
      try container.encode(product.rating, forKey: .rating)
      try container.encode(product.stock, forKey: .stock)
      try container.encode(product.brand, forKey: .brand)
      try container.encode(product.tags, forKey: .tags)
      try container.encode(product.sku, forKey: .sku)
      try container.encode(product.availabilityStatus, forKey: .availabilityStatus)
      try container.encode(product.shippingInformation, forKey: .shippingInformation)
      try container.encode(product.warrantyInformation, forKey: .warrantyInformation)
      try container.encode(product.returnPolicy, forKey: .returnPolicy)
      try container.encode(product.reviews.count, forKey: .reviewCount)
      try container.encode(isFavorite, forKey: .isFavorite)
    }
  }

  /// `categories`: `[{"slug": …, "name": …}]`.
  public typealias Categories = [ProductCategory]

  /// `whoami`: the signed-in user.
  public struct Account: Encodable, Sendable, Hashable {
    public var user: User

    enum CodingKeys: String, CodingKey { case id, username, email, firstName, lastName, displayName }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(user.id, forKey: .id)
      try container.encode(user.username, forKey: .username)
      try container.encode(user.email, forKey: .email)
      try container.encode(user.firstName, forKey: .firstName)
      try container.encode(user.lastName, forKey: .lastName)
      try container.encode(user.displayName, forKey: .displayName)
    }
  }

  /// `favorites`: the favourite products, by id; `missing` lists ids the server no longer has.
  public struct Favorites: Encodable, Sendable, Hashable {
    public var products: [ProductSummary]
    public var missing: [Int]
  }
}
