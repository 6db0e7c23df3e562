#if canImport(SwiftUI)
  import Storefront
  import SwiftUI

  /// Search as you type: each keystroke restarts the task, the view model debounces and keeps
  /// only the newest query's results.
  public struct SearchView: View {
    @State private var model: SearchViewModel
    @State private var text = ""
    private let environment: StorefrontEnvironment

    public init(environment: StorefrontEnvironment) {
      self.environment = environment
      _model = State(initialValue: SearchViewModel(environment: environment))
    }

    public var body: some View {
      List {
        if let results = model.state.value {
          ForEach(results.products) { product in
            NavigationLink(value: product.id) { ProductRow(product: product, isFavorite: false) }
          }
        }
        if let message = model.message { Text(message).foregroundStyle(.red) }
      }
      .overlay { if model.state.isLoading { ProgressView() } }
      .searchable(text: $text)
      .task(id: text) { await model.search(text) }
      .navigationTitle("Search")
      .navigationDestination(for: Product.ID.self) { id in
        ProductDetailView(productID: id, environment: environment)
      }
    }
  }
#endif
