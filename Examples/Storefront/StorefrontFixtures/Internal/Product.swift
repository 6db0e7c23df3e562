/// One product of the catalog, with every field of the DummyJSON contract.
struct Product: Sendable, Hashable {
  struct Dimensions: Sendable, Hashable {
    var width: Double
    var height: Double
    var depth: Double
  }

  struct Review: Sendable, Hashable {
    var rating: Int
    var comment: String
    var date: String
    var reviewerName: String
    var reviewerEmail: String
  }

  struct Meta: Sendable, Hashable {
    var createdAt: String
    var updatedAt: String
    var barcode: String
    var qrCode: String
  }

  var id: Int
  var title: String
  var description: String
  var category: String
  var price: Double
  var discountPercentage: Double
  var rating: Double
  var stock: Int
  var tags: [String]
  /// `nil` for unbranded products; the key is then left out of the JSON, as DummyJSON does.
  var brand: String?
  var sku: String
  var weight: Int
  var dimensions: Dimensions
  var warrantyInformation: String
  var shippingInformation: String
  var availabilityStatus: String
  var reviews: [Review]
  var returnPolicy: String
  var minimumOrderQuantity: Int
  var meta: Meta
  var images: [String]
  var thumbnail: String

  /// The availability DummyJSON shows for a stock level.
  static func availability(forStock stock: Int) -> String {
    switch stock {
    case ...0: "Out of Stock"
    case ..<10: "Low Stock"
    default: "In Stock"
    }
  }
}

/// The fields of a product, in the order the JSON lists them; the names `select` and `sortBy`
/// accept.
enum ProductField: String, CaseIterable, Sendable {
  case id, title, description, category, price, discountPercentage, rating, stock, tags, brand, sku, weight
  case dimensions, warrantyInformation, shippingInformation, availabilityStatus, reviews, returnPolicy
  case minimumOrderQuantity, meta, images, thumbnail
}
