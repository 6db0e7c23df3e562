import Foundation

/// A product as the Storefront API sends it.
///
/// Only `id`, `title` and `price` are required: the public service leaves out `brand` for many
/// products and other fields now and then, and a missing optional field must not cost the
/// user the product.
public struct ProductDTO: Sendable, Hashable, Codable {
  public struct Dimensions: Sendable, Hashable, Codable {
    public var width: Double
    public var height: Double
    public var depth: Double
  }

  public struct Review: Sendable, Hashable, Codable {
    public var rating: Int
    public var comment: String
    public var date: String
    public var reviewerName: String
    public var reviewerEmail: String?
  }

  public struct Meta: Sendable, Hashable, Codable {
    public var createdAt: String?
    public var updatedAt: String?
    public var barcode: String?
    public var qrCode: String?
  }

  public var id: Int
  public var title: String
  public var description: String?
  public var category: String?
  public var price: Double
  public var discountPercentage: Double?
  public var rating: Double?
  public var stock: Int?
  public var tags: [String]?
  public var brand: String?
  public var sku: String?
  public var weight: Double?
  public var dimensions: Dimensions?
  public var warrantyInformation: String?
  public var shippingInformation: String?
  public var availabilityStatus: String?
  public var reviews: [Review]?
  public var returnPolicy: String?
  public var minimumOrderQuantity: Int?
  public var meta: Meta?
  public var images: [String]?
  public var thumbnail: String?

  /// The app's model of this product. Reviewers' e-mail addresses stay on the wire.
  public func model() -> Product {
    var product = Product(
      id: id, title: title, description: description ?? "", category: category ?? "", price: price,
      discountPercentage: discountPercentage, rating: rating, stock: stock, tags: tags ?? [], brand: brand, sku: sku,
      weight: weight,
      dimensions: dimensions.map { Product.Dimensions(width: $0.width, height: $0.height, depth: $0.depth) },
      warrantyInformation: warrantyInformation, shippingInformation: shippingInformation,
      availabilityStatus: availabilityStatus,
      reviews: (reviews ?? []).map {
        Product.Review(rating: $0.rating, comment: $0.comment, date: $0.date, reviewerName: $0.reviewerName)
      },
      returnPolicy: returnPolicy, minimumOrderQuantity: minimumOrderQuantity)
    product.thumbnailAddress = thumbnail
    product.imageAddresses = images ?? []
    return product
  }
}
