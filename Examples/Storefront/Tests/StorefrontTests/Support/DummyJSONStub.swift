import CustodyHTTP
import Foundation
import Storefront

/// Product 1 of the public DummyJSON service, answering reads and edits the way the contract
/// recordings show the real service does.
///
/// - `GET /products/1` answers the whole product.
/// - `PUT /products/1` answers 200 with 11 fields only (id, title, price, discountPercentage,
///   stock, rating, images, thumbnail, description, brand, category): the product with the body's
///   fields over it, where a falsy value (`0`, `""`) leaves the old one.
/// - Nothing is kept: the next read answers the product as it was.
actor DummyJSONStub {
  /// How many edits the server answered.
  private(set) var edits = 0

  static let product = Product(
    id: 1, title: "Essence Mascara Lash Princess", description: "A popular mascara.", category: "beauty",
    price: 9.99, discountPercentage: 10.48, rating: 2.56, stock: 99, tags: ["beauty", "mascara"], brand: "Essence",
    sku: "BEA-ESS-ESS-001", weight: 4, dimensions: .init(width: 15.14, height: 13.08, depth: 22.99),
    warrantyInformation: "1 week warranty", shippingInformation: "Ships in 3-5 business days",
    availabilityStatus: "In Stock",
    reviews: [.init(rating: 3, comment: "Would not recommend!", date: "2025-04-30T09:41:02.053Z", reviewerName: "E")],
    returnPolicy: "No return policy", minimumOrderQuantity: 48,
    thumbnail: URL(string: "https://cdn.dummyjson.com/thumbnail.webp"),
    images: [URL(string: "https://cdn.dummyjson.com/1.webp")!])

  /// A transport that sends every request here.
  nonisolated var transport: InProcessTransport {
    InProcessTransport { request in try await self.handle(request) }
  }

  private func handle(_ request: HTTPRequest) throws -> HTTPResponse {
    switch (request.method, request.path) {
    case (.get, "/products/1"): return try .json(Self.product)
    case (.put, "/products/1"):
      edits += 1
      let body = try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any] ?? [:]
      return try .json(Answer(Self.product, body: body))
    default: return HTTPResponse(status: 404, headers: ["Content-Type": "text/html"], body: Data("<pre>".utf8))
    }
  }

  /// The 11 fields the service answers an edit with.
  private struct Answer: Encodable {
    var id: Int
    var title: String
    var price: Double
    var discountPercentage: Double?
    var stock: Int?
    var rating: Double?
    var images: [URL]
    var thumbnail: URL?
    var description: String
    var brand: String?
    var category: String

    init(_ product: Product, body: [String: Any]) {
      id = product.id
      title = (body["title"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? product.title
      price = (body["price"] as? Double).flatMap { $0 == 0 ? nil : $0 } ?? product.price
      discountPercentage = product.discountPercentage
      stock = product.stock
      rating = product.rating
      images = product.images
      thumbnail = product.thumbnail
      description = product.description
      brand = product.brand
      category = product.category
    }
  }
}
