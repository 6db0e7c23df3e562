/// Applies the fields of a `PUT` or `PATCH /products/{id}` body to a product.
///
/// Unlike the public service, which answers with the merged product and forgets it, the
/// embedded backend keeps the result, so a saved edit shows on the next read.
enum ProductUpdate {
  /// The product with the fields of `body` changed. Unknown fields and `id` are ignored;
  /// a field of the wrong type fails the whole update, so nothing is half-applied.
  static func apply(
    _ body: [String: JSONValue], to original: Product, updatedAt: String
  ) throws(RouteFailure) -> Product {
    var product = original
    for (name, value) in body.sorted(by: { $0.key < $1.key }) {
      guard let field = ProductField(rawValue: name) else { continue }
      switch field {
      case .id, .reviews, .meta, .dimensions: continue
      case .title: product.title = try text(value, name)
      case .description: product.description = try text(value, name)
      case .category: product.category = try text(value, name)
      case .brand: product.brand = try optionalText(value, name)
      case .sku: product.sku = try text(value, name)
      case .warrantyInformation: product.warrantyInformation = try text(value, name)
      case .shippingInformation: product.shippingInformation = try text(value, name)
      case .availabilityStatus: product.availabilityStatus = try text(value, name)
      case .returnPolicy: product.returnPolicy = try text(value, name)
      case .thumbnail: product.thumbnail = try text(value, name)
      case .price: product.price = try number(value, name)
      case .discountPercentage: product.discountPercentage = try number(value, name)
      case .rating: product.rating = try number(value, name)
      case .stock: product.stock = try count(value, name)
      case .weight: product.weight = try count(value, name)
      case .minimumOrderQuantity: product.minimumOrderQuantity = try count(value, name)
      case .tags: product.tags = try texts(value, name)
      case .images: product.images = try texts(value, name)
      }
    }
    if body["stock"] != nil && body["availabilityStatus"] == nil {
      product.availabilityStatus = Product.availability(forStock: product.stock)
    }
    if product != original { product.meta.updatedAt = updatedAt }
    return product
  }

  private static func text(_ value: JSONValue, _ name: String) throws(RouteFailure) -> String {
    guard let text = value.string else { throw .badRequest("Invalid '\(name)' - should be a string") }
    return text
  }

  private static func optionalText(_ value: JSONValue, _ name: String) throws(RouteFailure) -> String? {
    value == .null ? nil : try text(value, name)
  }

  private static func number(_ value: JSONValue, _ name: String) throws(RouteFailure) -> Double {
    guard let number = value.number, number >= 0 else {
      throw .badRequest("Invalid '\(name)' - should be a positive number")
    }
    return number
  }

  private static func count(_ value: JSONValue, _ name: String) throws(RouteFailure) -> Int {
    guard let integer = value.integer, integer >= 0 else {
      throw .badRequest("Invalid '\(name)' - should be a positive whole number")
    }
    return integer
  }

  private static func texts(_ value: JSONValue, _ name: String) throws(RouteFailure) -> [String] {
    guard case .array(let items) = value else { throw .badRequest("Invalid '\(name)' - should be a list of strings") }
    var texts: [String] = []
    for item in items { texts.append(try text(item, name)) }
    return texts
  }
}
