/// The rows of a table that shows the catalog, and what changed between two screens: the order
/// of ids a diffable data source applies, and the rows it must reconfigure because their product
/// changed (an edit saved, a price updated) while their id stayed.
///
/// ```swift
/// let changed = rows.replace(with: screen.products)
/// var snapshot = NSDiffableDataSourceSnapshot<Int, Product.ID>()
/// snapshot.appendSections([0])
/// snapshot.appendItems(rows.ids)
/// snapshot.reconfigureItems(changed)
/// ```
public struct CatalogTableRows: Sendable, Equatable {
  /// The ids in the order the table lists them, each once.
  public private(set) var ids: [Product.ID] = []
  private var products: [Product.ID: Product] = [:]

  /// An empty table.
  public init() {}

  /// The product of the row `id`, for the cell that shows it.
  public subscript(id: Product.ID) -> Product? { products[id] }

  /// Shows `newProducts` instead of the rows shown so far. An id listed twice is shown once,
  /// where it first appears, as a diffable data source accepts each id once.
  ///
  /// - Returns: The ids shown before and still shown whose product differs: the rows to
  ///   reconfigure, in table order.
  public mutating func replace(with newProducts: some Collection<Product>) -> [Product.ID] {
    var ids: [Product.ID] = []
    var products: [Product.ID: Product] = [:]
    ids.reserveCapacity(newProducts.count)
    for product in newProducts where products[product.id] == nil {
      products[product.id] = product
      ids.append(product.id)
    }
    let changed = ids.filter { id in self.products[id].map { $0 != products[id] } ?? false }
    self.ids = ids
    self.products = products
    return changed
  }
}
