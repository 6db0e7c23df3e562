import StorefrontText

/// A value to order products by.
///
/// Text compares as a person reads it (``ReadingText``): `eChef` between `Delta` and `Fig`,
/// `Écrin` among the other `e`s, `Item 9` before `Item 10`. The public service compares as
/// JavaScript's `<` does, by UTF-16 code units, which lists `iPhone` after `Zebra` and `Écrin`
/// last; this difference is deliberate. The key is taken once per product per sort, which
/// keeps comparing keys about as fast as comparing strings.
enum SortKey: Comparable, Sendable {
  case number(Double)
  case text([UInt16])

  static func text(_ text: String) -> SortKey { .text(ReadingText.sortKey(text)) }

  static func < (lhs: SortKey, rhs: SortKey) -> Bool {
    switch (lhs, rhs) {
    case (.number(let left), .number(let right)): left < right
    case (.text(let left), .text(let right)): left.lexicographicallyPrecedes(right)
    case (.number, .text): true
    case (.text, .number): false
    }
  }
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
