import Custody
import Observation

/// The product screen: it owns what the screen shows and nothing else. The cache, shared with
/// every other screen, owns the products and their requests; `LatestTask` owns which load may
/// commit.
@MainActor @Observable
public final class ProductViewModel {
  /// What the screen shows.
  public private(set) var state: LoadState<Product> = .idle
  /// Words for the failure shown, derived from the state.
  public var message: String? { state.error.flatMap(Copy.message(for:)) }

  @ObservationIgnored private let products: Cache<Product.ID, Product>
  @ObservationIgnored private let api: any ProductAPI
  @ObservationIgnored private let latest: LatestTask

  /// - Parameters:
  ///   - products: The cache every product screen shares.
  ///   - api: Loads a product the cache does not hold.
  ///   - inspector: Watches this screen's loads (a debug screen's statistics, or a test).
  public init(products: Cache<Product.ID, Product>, api: any ProductAPI, inspector: (any OwnerInspector)? = nil) {
    self.products = products
    self.api = api
    latest = LatestTask(name: "product screen", inspector: inspector)
  }

  /// Shows product `id`: at once if another screen already loaded it, then fresh.
  public func load(_ id: Product.ID) async {
    if state.value?.id != id, let cached = products.cachedValue(for: id) { state = .loaded(cached) }
    await latest.load(\.state, on: self) { [products, api] in
      try await products.value(for: id) { try await api.product(id) }
    }
  }

  /// Leaves the screen: a load still running commits nothing.
  public func leave() {
    latest.supersede()
  }
}
