/// `PUT` / `PATCH /products/{id}` and `POST /products/add`, answered as the public service
/// answers them.
///
/// The reply to an update is the product's id and ten fields, each the body's value unless
/// that value is falsy (missing, `null`, `false`, `0`, `""`), in which case the product's own.
/// The public service then forgets the edit; the embedded backend keeps what it can store
/// (a value of the field's type), so a saved edit shows on the next read.
enum ProductUpdate {
  /// The fields an update or an addition takes, in the order of the reply after `id`.
  static let fields: [ProductField] = [
    .title, .price, .discountPercentage, .stock, .rating, .images, .thumbnail, .description, .brand, .category,
  ]

  /// The reply to an update of `product` with `body`.
  static func reply(_ body: [String: JSONValue], to product: Product) -> [UInt8] {
    var writer = JSONWriter()
    writer.raw("{")
    writer.key("id", first: true)
    writer.int(product.id)
    for field in fields {
      if let value = body[field.rawValue], !value.isFalsy {
        writer.key(field.rawValue)
        writer.value(value)
      } else if field != .brand || product.brand != nil {
        writer.key(field.rawValue)
        product.writeValue(of: field, to: &writer)
      }
    }
    writer.raw("}")
    return writer.bytes
  }

  /// The reply to `POST /products/add`: the next id and the fields the body gave.
  static func added(_ body: [String: JSONValue], id: Int) -> [UInt8] {
    var writer = JSONWriter()
    writer.raw("{")
    writer.key("id", first: true)
    writer.int(id)
    for field in fields {
      guard let value = body[field.rawValue] else { continue }
      writer.key(field.rawValue)
      writer.value(value)
    }
    writer.raw("}")
    return writer.bytes
  }

  /// `original` with the truthy values of `body` that have their field's type; the rest is
  /// answered but not kept.
  static func apply(_ body: [String: JSONValue], to original: Product, updatedAt: String) -> Product {
    var product = original
    for field in fields {
      guard let value = body[field.rawValue], !value.isFalsy else { continue }
      switch (field, value) {
      case (.title, .string(let text)): product.title = text
      case (.description, .string(let text)): product.description = text
      case (.category, .string(let text)): product.category = text
      case (.brand, .string(let text)): product.brand = text
      case (.thumbnail, .string(let text)): product.thumbnail = text
      case (.price, .number(let number)): product.price = number
      case (.discountPercentage, .number(let number)): product.discountPercentage = number
      case (.rating, .number(let number)): product.rating = number
      case (.stock, _):
        guard let stock = value.integer else { continue }
        product.stock = stock
        product.availabilityStatus = Product.availability(forStock: stock)
      case (.images, .array(let items)):
        let images = items.compactMap(\.string)
        if images.count == items.count { product.images = images }
      default: continue
      }
    }
    if product != original { product.meta.updatedAt = updatedAt }
    return product
  }
}
