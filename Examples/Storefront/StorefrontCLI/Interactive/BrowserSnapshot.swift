import Foundation
import Storefront

/// Everything one frame of the browser shows, read from the view models: a plain value, so
/// the frame is a pure function of it and the terminal's size.
///
/// Texts here are as they came (from the server or the user); the renderer makes them inert.
public struct BrowserSnapshot: Sendable, Hashable {
  public enum Screen: Sendable, Hashable {
    /// The product table.
    case catalog
    /// The search field above its results.
    case search(LineEditor)
    /// One product, once loaded; `isLoading` while it loads.
    case detail(Product?, isFavorite: Bool, isLoading: Bool)
    /// The edit form of a product; `field` 0 is the title, 1 the price.
    case edit(productTitle: String, title: LineEditor, price: LineEditor, field: Int, problem: String?)
    /// The sign-in form; `field` 0 is the username, 1 the password (masked already).
    case login(username: LineEditor, password: LineEditor, field: Int)
    /// The categories to list the catalog by, "All categories" first; `listed` is the one
    /// listed now. The selected one is ``BrowserSnapshot/selection``.
    case categories([String], listed: Int)
    /// The keys.
    case help
    /// Saved files that could not be used at start, one sentence each.
    case warnings([String])

    /// Whether the screen is a text taller than the frame may be, read by scrolling
    /// (``BrowserSnapshot/scroll``).
    public var scrolls: Bool {
      switch self {
      case .detail, .help, .warnings: true
      case .catalog, .search, .edit, .login, .categories: false
      }
    }
  }

  public var screen: Screen = .catalog
  /// The rows of the table shown (the catalog or the search results).
  public var rows: [Product] = []
  public var favorites: Set<Product.ID> = []
  public var selection = 0
  /// Whether a `>` in a gutter marks the selected row: when the frame has no colour (`NO_COLOR`,
  /// `--no-color`), so reverse video cannot show it.
  public var marksSelection = false
  /// How many products the listing has in all; `nil` until its first page arrives.
  public var total: Int?
  /// How many products the server sent for the rows that could not be read and are not listed.
  public var skipped = 0
  /// The order the rows are in (not one asked for that is still loading).
  public var sort: ProductSort?
  /// The name of the category the rows are of; `nil` for all products.
  public var category: String?
  public var userName: String?
  /// When the live page was last loaded; `nil` before.
  public var updatedAt: Date?
  /// When the offline page shown was saved; `nil` when the page is live.
  public var offlineSince: Date?
  /// Whether something the screen shows is loading, however briefly.
  public var isLoading = false
  /// The spinner's frame while a load has taken longer than the threshold; `nil` otherwise.
  public var spinner: Int?
  /// What is loading, in a few words ("sorting by price ↑"), shown beside the spinner.
  public var activity: String?
  /// Why the last key did nothing ("that was the last page: 200 of 200"), shown in the status
  /// line until the next key.
  public var remark: String?
  /// The first line shown of a screen that scrolls (``Screen/scrolls``).
  public var scroll = 0
  /// The last text searched for, which ↑ brings back into the empty search field.
  public var lastSearch: String?
  /// A failure in plain words, shown above the status line.
  public var failure: String?
  /// A passing remark, such as "Added to favourites".
  public var notice: String?
  /// A yes-or-no question the next key answers, such as "Sign out?".
  public var question: String?
  public var backendName = "embedded"
  /// The address of the Custody Devtools page, when it serves one; the help screen shows it.
  public var devtoolsAddress: String?
  /// The inspector panel, while it is open (`i`); the frame gives it a region of its own.
  public var inspector: InspectorPanel?

  public init() {}
}
