/// The fields an edit changes; `nil` leaves a field as it is.
public struct ProductChanges: Sendable, Hashable, Codable {
  public var title: String?
  public var price: Double?

  public init(title: String? = nil, price: Double? = nil) {
    self.title = title
    self.price = price
  }

  /// Whether the edit changes nothing.
  public var isEmpty: Bool { title == nil && price == nil }

  /// `product` with these changes applied.
  public func applied(to product: Product) -> Product {
    var product = product
    if let title { product.title = title }
    if let price { product.price = price }
    return product
  }
}
