/// The fields an edit changes; `nil` leaves a field as it is.
public struct ProductChanges: Sendable, Hashable, Codable {
  /// A field an edit can change.
  public enum Field: String, Sendable, Hashable, CaseIterable {
    case title, price
  }

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

  /// The fields these changes set that `product` does not hold, prices compared to the cent.
  ///
  /// A server that answers an edit with other values than were sent ignored those fields (the
  /// public service drops a price of 0 and an empty title); one whose next read lacks them did
  /// not keep the edit.
  public func fields(missingFrom product: Product) -> [Field] {
    var missing: [Field] = []
    if let title, title != product.title { missing.append(.title) }
    if let price, (price * 100).rounded() != (product.price * 100).rounded() { missing.append(.price) }
    return missing
  }
}
