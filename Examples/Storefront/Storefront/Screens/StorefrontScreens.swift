import Observation

/// The view models of the app's screens, each created once, where the app owns its screens.
///
/// A SwiftUI view's initializer runs again whenever its parent redraws, so a view model made
/// there is made again each time (and for the catalog, a new feed). The app makes one
/// `StorefrontScreens` when it opens its environment and hands the views their models:
///
/// ```swift
/// @State private var screens: StorefrontScreens?
/// …
/// .task { screens = StorefrontScreens(environment: try await StorefrontEnvironment.open(configuration)) }
/// ```
///
/// A product screen's model lives while the product is on a navigation stack
/// (``catalogPath`` or ``searchPath``): ``detail(for:)`` hands out the same model as often as the
/// stack redraws, and a new one once the user went back and opens the product again.
@MainActor @Observable
public final class StorefrontScreens {
  /// The owners and services the screens share.
  public let environment: StorefrontEnvironment
  /// The catalog screen: its view model and what it does as it appears and scrolls.
  public let catalog: CatalogLifecycle
  /// The search screen's view model.
  public let search: SearchViewModel
  /// The account screen's view model.
  public let account: SessionViewModel
  /// The products pushed on the catalog tab's navigation stack.
  public var catalogPath: [Product.ID] = [] {
    didSet { dropDetailsOffTheStacks() }
  }
  /// The products pushed on the search tab's navigation stack.
  public var searchPath: [Product.ID] = [] {
    didSet { dropDetailsOffTheStacks() }
  }

  @ObservationIgnored private var details: [Product.ID: ProductDetailViewModel] = [:]

  /// Creates every screen's view model over `environment`; nothing loads until a screen appears.
  public init(environment: StorefrontEnvironment) {
    self.environment = environment
    catalog = CatalogLifecycle(model: CatalogViewModel(environment: environment))
    search = SearchViewModel(environment: environment)
    account = SessionViewModel(environment: environment)
  }

  /// The view model of the product screen for `id`: the one made before while `id` stays on a
  /// navigation stack, else a new one. Both tabs showing one product share its model.
  public func detail(for id: Product.ID) -> ProductDetailViewModel {
    if let model = details[id] { return model }
    let model = ProductDetailViewModel(productID: id, environment: environment)
    details[id] = model
    return model
  }

  private func dropDetailsOffTheStacks() {
    let shown = Set(catalogPath).union(searchPath)
    details = details.filter { shown.contains($0.key) }
  }
}
