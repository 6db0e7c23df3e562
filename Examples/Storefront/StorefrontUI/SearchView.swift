#if canImport(SwiftUI) && !os(watchOS) && !os(tvOS)
  import Custody
  import Storefront
  import SwiftUI

  /// Search as you type: each keystroke restarts the task, the view model debounces and keeps
  /// only the newest query's results. The results shown are followed while the screen shows
  /// them, so they are loaded again when the app comes back after they went stale.
  public struct SearchView: View {
    private let model: SearchViewModel
    @State private var text = ""

    /// - Parameter model: The search screen's view model, made once by StorefrontScreens.
    public init(model: SearchViewModel) {
      self.model = model
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
      .task(id: model.state.value?.query) { await model.watchResults() }
      .navigationTitle("Search")
    }
  }
#endif
