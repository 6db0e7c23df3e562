import Foundation
import Storefront

/// The floor of decoding a page into models: what any decoder that hands back these `Product`
/// values must at least do, with no JSON read at all. Every string is copied into storage of its
/// own (a string longer than 15 bytes is one allocation) and every array is built, from values
/// already in memory. A decoder can only add to this; what it costs is set by the model's shape.
enum ModelFloor {
  /// Copies of `products`, built as a decoder builds them, with `parsingAddresses` also every
  /// address parsed into a `URL` kept beside its product: the model as it was before it kept
  /// its addresses as text.
  static func products(copying products: [Product], parsingAddresses: Bool = false) -> [(Product, [URL])] {
    products.map { product in
      var copied = Product(
        id: product.id, title: copy(product.title), description: copy(product.description),
        category: copy(product.category), price: product.price, discountPercentage: product.discountPercentage,
        rating: product.rating, stock: product.stock, tags: product.tags.map(copy), brand: product.brand.map(copy),
        sku: product.sku.map(copy), weight: product.weight, dimensions: product.dimensions,
        warrantyInformation: product.warrantyInformation.map(copy),
        shippingInformation: product.shippingInformation.map(copy),
        availabilityStatus: product.availabilityStatus.map(copy),
        reviews: product.reviews.map { review in
          Product.Review(
            rating: review.rating, comment: copy(review.comment), date: copy(review.date),
            reviewerName: copy(review.reviewerName))
        },
        returnPolicy: product.returnPolicy.map(copy), minimumOrderQuantity: product.minimumOrderQuantity)
      copied.thumbnailAddress = product.thumbnailAddress.map(copy)
      copied.imageAddresses = product.imageAddresses.map(copy)
      guard parsingAddresses else { return (copied, []) }
      let addresses = [copied.thumbnailAddress].compactMap { $0 } + copied.imageAddresses
      return (copied, addresses.compactMap(URL.init(string:)))
    }
  }

  /// `string` in storage of its own, as a decoder makes it from the bytes it read.
  static func copy(_ string: String) -> String {
    var string = string
    return string.withUTF8 { bytes in
      String(unsafeUninitializedCapacity: bytes.count) { buffer in
        _ = buffer.initialize(fromContentsOf: bytes)
        return bytes.count
      }
    }
  }
}
