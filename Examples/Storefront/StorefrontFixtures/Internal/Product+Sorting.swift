/// A value to order products by.
enum SortKey: Comparable, Sendable {
  case number(Double)
  case text(String)
}

extension Product {
  /// The key for `field`; `nil` for objects (dimensions, reviews, meta), which DummyJSON
  /// cannot order either, so the list keeps its order.
  func sortKey(_ field: ProductField) -> SortKey? {
    switch field {
    case .id: .number(Double(id))
    case .title: .text(title)
    case .description: .text(description)
    case .category: .text(category)
    case .price: .number(price)
    case .discountPercentage: .number(discountPercentage)
    case .rating: .number(rating)
    case .stock: .number(Double(stock))
    case .tags: .text(tags.joined(separator: ","))
    case .brand: .text(brand ?? "")
    case .sku: .text(sku)
    case .weight: .number(Double(weight))
    case .warrantyInformation: .text(warrantyInformation)
    case .shippingInformation: .text(shippingInformation)
    case .availabilityStatus: .text(availabilityStatus)
    case .returnPolicy: .text(returnPolicy)
    case .minimumOrderQuantity: .number(Double(minimumOrderQuantity))
    case .images: .text(images.joined(separator: ","))
    case .thumbnail: .text(thumbnail)
    case .dimensions, .reviews, .meta: nil
    }
  }
}
