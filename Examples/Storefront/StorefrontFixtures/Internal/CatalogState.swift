import StorefrontText

/// The products as the backend currently serves them, edits included.
///
/// A value: a request copies it out of the lock (the arrays are shared, not copied) and reads
/// it while other requests go on; an edit copies what it changes.
struct CatalogState: Sendable {
  /// Product `id` is at `id - 1`.
  private(set) var products: [Product]
  private(set) var encoded: EncodedCatalog
  /// Category slugs in the order products first use them, as DummyJSON lists them.
  private(set) var categories: [String]
  /// Product `id`'s text as searches read it, at `id - 1`: folded once, not per search.
  private(set) var folded: [FoldedText]

  /// A product's title and description, folded (``ReadingText/folded(_:)``), and the title's
  /// sort key, the one text most lists are sorted by.
  struct FoldedText: Sendable {
    var title: String
    var description: String
    var titleKey: [UInt16]

    init(_ product: Product) {
      title = ReadingText.folded(product.title)
      description = ReadingText.folded(product.description)
      titleKey = ReadingText.sortKey(product.title)
    }
  }

  init(generator: CatalogGenerator, count: Int) {
    products = generator.products(count: count)
    encoded = EncodedCatalog(products)
    categories = Self.categories(of: products)
    folded = products.map(FoldedText.init)
  }

  func product(id: Int) -> Product? {
    products.indices.contains(id - 1) ? products[id - 1] : nil
  }

  /// Stores an edited product; its id must exist.
  mutating func replace(_ product: Product) {
    let old = products[product.id - 1]
    products[product.id - 1] = product
    encoded.replace(product)
    folded[product.id - 1] = FoldedText(product)
    if old.category != product.category { categories = Self.categories(of: products) }
  }

  private static func categories(of products: [Product]) -> [String] {
    var seen = Set<String>()
    return products.compactMap { seen.insert($0.category).inserted ? $0.category : nil }
  }
}
