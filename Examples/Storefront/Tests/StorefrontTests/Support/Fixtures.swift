import CustodyHTTP
import Foundation
import Storefront

extension Product {
  /// A product with only what a test looks at.
  static func sample(
    _ id: Product.ID, _ title: String? = nil, category: String = "groceries", price: Double = 10
  )
    -> Product
  {
    Product(id: id, title: title ?? "Product \(id)", category: category, price: price)
  }
}

extension ProductPage {
  /// Products `ids`, as the page at `skip` of a listing of `total` products.
  static func of(_ ids: ClosedRange<Int>, total: Int, title: (Int) -> String = { "Product \($0)" }) -> ProductPage {
    ProductPage(products: ids.map { .sample($0, title($0)) }, total: total, skip: ids.lowerBound - 1)
  }
}

extension CatalogScreen {
  /// The ids of the rows, in order.
  var ids: [Product.ID] { products.map(\.id) }
}

// Screens compare in tests only: the app leaves `CatalogScreen` without `Equatable`, so a view
// model's `@Observable` state never compares two long lists on the main actor.
extension CatalogScreen: Equatable {
  public static func == (lhs: CatalogScreen, rhs: CatalogScreen) -> Bool {
    (lhs.products, lhs.total, lhs.hasMore, lhs.sort, lhs.source, lhs.skipped)
      == (rhs.products, rhs.total, rhs.hasMore, rhs.sort, rhs.source, rhs.skipped)
  }
}

/// The wall-clock time tests start at.
let testNow = Date(timeIntervalSince1970: 1_700_000_000)
let testBaseURL = URL(string: "https://storefront.test")!

/// Failures as the HTTP client reports them.
enum HTTPFailureStub {
  static let offline = HTTPError.offline(reason: "no network connection")
}

extension HTTPFailureStub {
  static let rateLimited = HTTPError.rateLimited(retryAfter: .seconds(30), message: "Too many requests")
}
