// The product page reader as Storefront had it before it read pages straight into models: kept
// unchanged but for its names, so `decode` can time today's pipeline against it in one run.

import Foundation
import Storefront

/// `ProductDTO` as the reader fills it.
///
/// Only `id`, `title` and `price` are required: the service leaves out `brand` for many
/// products and other fields now and then, and a missing optional field must not cost the
/// user the product.
struct BaselineProductDTO: Sendable, Hashable {
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
    var reviewerEmail: String?
  }

  struct Meta: Sendable, Hashable {
    var createdAt: String?
    var updatedAt: String?
    var barcode: String?
    var qrCode: String?
  }

  var id: Int
  var title: String
  var description: String?
  var category: String?
  var price: Double
  var discountPercentage: Double?
  var rating: Double?
  var stock: Int?
  var tags: [String]?
  var brand: String?
  var sku: String?
  var weight: Double?
  var dimensions: Dimensions?
  var warrantyInformation: String?
  var shippingInformation: String?
  var availabilityStatus: String?
  var reviews: [Review]?
  var returnPolicy: String?
  var minimumOrderQuantity: Int?
  var meta: Meta?
  var images: [String]?
  var thumbnail: String?

  /// The app's model of this product. Reviewers' e-mail addresses stay on the wire.
  func model() -> Product {
    Product(
      id: id, title: title, description: description ?? "", category: category ?? "", price: price,
      discountPercentage: discountPercentage, rating: rating, stock: stock, tags: tags ?? [], brand: brand, sku: sku,
      weight: weight,
      dimensions: dimensions.map { Product.Dimensions(width: $0.width, height: $0.height, depth: $0.depth) },
      warrantyInformation: warrantyInformation, shippingInformation: shippingInformation,
      availabilityStatus: availabilityStatus,
      reviews: (reviews ?? []).map {
        Product.Review(rating: $0.rating, comment: $0.comment, date: $0.date, reviewerName: $0.reviewerName)
      },
      returnPolicy: returnPolicy, minimumOrderQuantity: minimumOrderQuantity,
      thumbnail: thumbnail.flatMap(URL.init(string:)), images: (images ?? []).compactMap(URL.init(string:)))
  }
}
