import Foundation
import StorefrontText

/// Sorting, grouping and chunking of product lists: pure functions over `Sendable` values,
/// `@concurrent` so they never run on the caller's actor, the main actor included.
///
/// ```swift
/// let sections = await CatalogPipeline.sections(of: products)   // off the main actor
/// viewModel.show(sections)                                        // on it: one assignment
/// ```
public enum CatalogPipeline {
  /// `products` in the order `sort` asks for; ties keep their order (by id for a listing).
  @concurrent
  public static func sorted(_ products: [Product], by sort: ProductSort) async -> [Product] {
    sortedNow(products, by: sort)
  }

  /// `products` grouped by category, sections in order of first appearance and products in
  /// their order within each.
  @concurrent
  public static func sections(of products: [Product]) async -> [CatalogSection] {
    sectionsNow(of: products)
  }

  /// `items` in consecutive chunks of `size` (the last may be shorter), for grids and pages.
  @concurrent
  public static func chunked<Item: Sendable>(_ items: [Item], size: Int) async -> [[Item]] {
    precondition(size > 0, "A chunk holds at least one item")
    return stride(from: 0, to: items.count, by: size).map { Array(items[$0..<min($0 + size, items.count)]) }
  }

  /// The catalog screen for `slice`: the rows in order and their category sections.
  @concurrent
  public static func screen(for slice: CatalogSlice, sort: ProductSort?) async -> CatalogScreen {
    CatalogScreen(products: slice.products, total: slice.total, hasMore: slice.hasMore, sort: sort)
  }

  static func sortedNow(_ products: [Product], by sort: ProductSort) -> [Product] {
    let ascending: (Int, Int) -> Bool
    switch sort.field {
    case .price: ascending = { products[$0].price < products[$1].price }
    case .rating: ascending = { (products[$0].rating ?? 0) < (products[$1].rating ?? 0) }
    case .title:
      // As a person reads titles (case and accents ignored, numbers by value), each one folded
      // once: folding per comparison costs Foundation calls n log n times.
      let keys = products.map { ReadingText.sortKey($0.title) }
      ascending = { keys[$0].lexicographicallyPrecedes(keys[$1]) }
    }
    // By position so equal keys keep their order: `sort` is not stable.
    return products.indices.sorted { lhs, rhs in
      if ascending(lhs, rhs) { return sort.order == .ascending }
      if ascending(rhs, lhs) { return sort.order == .descending }
      return lhs < rhs
    }.map { products[$0] }
  }

  static func sectionsNow(of products: [Product]) -> [CatalogSection] {
    var order: [String] = []
    var groups: [String: [Product]] = [:]
    for product in products {
      if groups[product.category] == nil { order.append(product.category) }
      groups[product.category, default: []].append(product)
    }
    return order.map { CatalogSection(category: $0, products: groups[$0] ?? []) }
  }
}

/// Products of one category, for a sectioned list.
public struct CatalogSection: Sendable, Hashable, Identifiable {
  /// The category slug.
  public var category: String
  public var products: [Product]

  public var id: String { category }

  /// The category as a title: `home-decoration` → `Home Decoration`.
  public var title: String {
    category.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
  }

  public init(category: String, products: [Product]) {
    self.category = category
    self.products = products
  }
}
