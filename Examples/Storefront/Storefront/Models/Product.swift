import Foundation

/// A product of the catalog, as the app uses it.
///
/// Built from a ``ProductDTO`` by ``ProductDTO/model()``; fields the API often leaves out
/// (brand, weight, reviews…) are optional or empty, never invented.
///
/// The thumbnail's and images' addresses are kept as the server wrote them and become `URL`s
/// when read (``thumbnail``, ``images``): parsing every address of a page as it is decoded took
/// a third of the time of building its products, for the few a screen shows.
public struct Product: Sendable, Hashable, Identifiable, Codable {
  public typealias ID = Int

  public var id: ID
  public var title: String
  public var description: String
  /// The category slug, such as `smartphones`.
  public var category: String
  public var price: Double
  public var discountPercentage: Double?
  /// From 0 to 5.
  public var rating: Double?
  public var stock: Int?
  public var tags: [String]
  /// Absent for many products (groceries, for example).
  public var brand: String?
  public var sku: String?
  public var weight: Double?
  public var dimensions: Dimensions?
  public var warrantyInformation: String?
  public var shippingInformation: String?
  public var availabilityStatus: String?
  public var reviews: [Review]
  public var returnPolicy: String?
  public var minimumOrderQuantity: Int?
  /// The thumbnail's address as the server wrote it.
  public var thumbnailAddress: String?
  /// The images' addresses as the server wrote them.
  public var imageAddresses: [String]

  /// The thumbnail, if its address is a URL.
  public var thumbnail: URL? {
    get { thumbnailAddress.flatMap(URL.init(string:)) }
    set { thumbnailAddress = newValue?.absoluteString }
  }

  /// The images whose addresses are URLs, in order.
  public var images: [URL] {
    get { imageAddresses.compactMap(URL.init(string:)) }
    set { imageAddresses = newValue.map(\.absoluteString) }
  }

  // The addresses are stored under the names the model's files have always used.
  private enum CodingKeys: String, CodingKey {
    case id, title, description, category, price, discountPercentage, rating, stock, tags, brand, sku, weight
    case dimensions, warrantyInformation, shippingInformation, availabilityStatus, reviews, returnPolicy
    case minimumOrderQuantity
    case thumbnailAddress = "thumbnail"
    case imageAddresses = "images"
  }

  public init(
    id: ID, title: String, description: String = "", category: String = "", price: Double,
    discountPercentage: Double? = nil, rating: Double? = nil, stock: Int? = nil, tags: [String] = [],
    brand: String? = nil, sku: String? = nil, weight: Double? = nil, dimensions: Dimensions? = nil,
    warrantyInformation: String? = nil, shippingInformation: String? = nil, availabilityStatus: String? = nil,
    reviews: [Review] = [], returnPolicy: String? = nil, minimumOrderQuantity: Int? = nil, thumbnail: URL? = nil,
    images: [URL] = []
  ) {
    self.id = id
    self.title = title
    self.description = description
    self.category = category
    self.price = price
    self.discountPercentage = discountPercentage
    self.rating = rating
    self.stock = stock
    self.tags = tags
    self.brand = brand
    self.sku = sku
    self.weight = weight
    self.dimensions = dimensions
    self.warrantyInformation = warrantyInformation
    self.shippingInformation = shippingInformation
    self.availabilityStatus = availabilityStatus
    self.reviews = reviews
    self.returnPolicy = returnPolicy
    self.minimumOrderQuantity = minimumOrderQuantity
    self.thumbnailAddress = thumbnail?.absoluteString
    self.imageAddresses = images.map(\.absoluteString)
  }
}

extension Product {
  /// Width, height and depth, in the API's units.
  public struct Dimensions: Sendable, Hashable, Codable {
    public var width: Double
    public var height: Double
    public var depth: Double

    public init(width: Double, height: Double, depth: Double) {
      self.width = width
      self.height = height
      self.depth = depth
    }
  }

  /// A customer's review.
  public struct Review: Sendable, Hashable, Codable {
    public var rating: Int
    public var comment: String
    public var date: String
    public var reviewerName: String

    public init(rating: Int, comment: String, date: String, reviewerName: String) {
      self.rating = rating
      self.comment = comment
      self.date = date
      self.reviewerName = reviewerName
    }
  }
}
