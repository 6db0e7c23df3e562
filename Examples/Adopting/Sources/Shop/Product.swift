/// A product as the shop's screens show it.
public struct Product: Sendable, Hashable, Identifiable {
  public let id: Int
  public var title: String
  public var price: Double

  public init(id: Int, title: String, price: Double) {
    self.id = id
    self.title = title
    self.price = price
  }
}

/// Where products come from: a network API in the app, a fake in tests and previews.
public protocol ProductAPI: Sendable {
  func product(_ id: Product.ID) async throws -> Product
}
