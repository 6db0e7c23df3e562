import Foundation
import Storefront

/// Everything one frame of the browser shows, read from the view models: a plain value, so
/// the frame is a pure function of it and the terminal's size.
public struct BrowserSnapshot: Sendable, Hashable {
  public enum Screen: Sendable, Hashable {
    /// The product table.
    case catalog
    /// The search field above its results.
    case search(query: String)
    /// One product, once loaded.
    case detail(Product?, isFavorite: Bool)
    /// The edit form of a product; `field` 0 is the title, 1 the price.
    case edit(productTitle: String, title: String, price: String, field: Int, problem: String?)
    /// The sign-in form; `field` 0 is the username, 1 the password (shown as dots).
    case login(username: String, passwordLength: Int, field: Int)
    /// The keys.
    case help
  }

  public var screen: Screen = .catalog
  /// The rows of the table shown (the catalog or the search results).
  public var rows: [Product] = []
  public var favorites: Set<Product.ID> = []
  public var selection = 0
  /// How many products the listing has in all.
  public var total = 0
  public var sort: ProductSort?
  public var userName: String?
  /// When the live page was last loaded; `nil` before.
  public var updatedAt: Date?
  /// When the offline page shown was saved; `nil` when the page is live.
  public var offlineSince: Date?
  /// Whether something the screen shows is loading, however briefly.
  public var isLoading = false
  /// The spinner's frame while a load has taken longer than the threshold; `nil` otherwise.
  public var spinner: Int?
  /// A failure in plain words, shown in place of the key hints.
  public var failure: String?
  /// A passing remark, such as "Added to favourites".
  public var notice: String?
  public var backendName = "embedded"
  /// The inspector panel, while it is open (`i`); the frame gives it a region of its own.
  public var inspector: InspectorPanel?

  public init() {}
}
