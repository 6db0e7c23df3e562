#if canImport(SwiftUI) && !os(watchOS) && !os(tvOS)
  import Custody
  import Storefront
  import SwiftUI

  /// The catalog: rows bound to CatalogViewModel; when to load is CatalogLifecycle's job.
  public struct CatalogView: View {
    private let lifecycle: CatalogLifecycle
    private var model: CatalogViewModel { lifecycle.model }

    /// - Parameter lifecycle: The catalog's lifecycle, made once by StorefrontScreens.
    public init(lifecycle: CatalogLifecycle) {
      self.lifecycle = lifecycle
    }

    public var body: some View {
      List {
        if let screen = model.state.value {
          if case .offline(let savedAt) = screen.source {
            Label("Offline · updated \(savedAt.formatted(.relative(presentation: .named)))", systemImage: "wifi.slash")
              .foregroundStyle(.secondary)
          }
          ForEach(screen.products) { product in
            NavigationLink(value: product.id) {
              ProductRow(product: product, isFavorite: model.favorites.contains(product.id))
            }
          }
          if screen.hasMore {
            ProgressView().frame(maxWidth: .infinity)
              .task(id: lifecycle.paginationKey) { await lifecycle.nextPageRowAppeared() }
          }
        }
        if let message = model.message {
          Text(message).foregroundStyle(.red)
        }
      }
      .overlay { if lifecycle.showsFirstLoad { ProgressView() } }
      .navigationTitle("Catalog")
      .toolbar {
        Menu("Sort") {
          Button("Default order") { Task { await model.setSort(nil) } }
          ForEach(ProductSort.Field.allCases, id: \.self) { field in
            Button(field.rawValue.capitalized) { Task { await model.setSort(ProductSort(field)) } }
          }
        }
      }
      .refreshable { await model.refresh() }
      .task { await lifecycle.appeared() }
    }
  }
#endif
