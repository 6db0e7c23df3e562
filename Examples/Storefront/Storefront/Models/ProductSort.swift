/// How a product listing is ordered.
public struct ProductSort: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The field products are ordered by.
  public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
    case price, rating, title
  }

  /// The direction of the order.
  public enum Order: String, Sendable, Hashable, Codable, CaseIterable {
    case ascending = "asc"
    case descending = "desc"
  }

  public var field: Field
  public var order: Order

  public init(_ field: Field, _ order: Order = .ascending) {
    self.field = field
    self.order = order
  }

  public var description: String { "\(field.rawValue) \(order == .ascending ? "↑" : "↓")" }
}
