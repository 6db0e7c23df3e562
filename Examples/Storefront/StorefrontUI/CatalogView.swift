#if canImport(SwiftUI)
  import Storefront
  import SwiftUI

  /// The catalog: rows bound to ``CatalogViewModel``, nothing else.
  public struct CatalogView: View {
    @State private var model: CatalogViewModel
    private let environment: StorefrontEnvironment

    public init(environment: StorefrontEnvironment) {
      self.environment = environment
      _model = State(initialValue: CatalogViewModel(environment: environment))
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
            // Appears when the user reaches the end; SwiftUI cancels it if the row goes away.
            ProgressView().frame(maxWidth: .infinity).task { await model.loadMore() }
          }
        }
        if let message = model.message {
          Text(message).foregroundStyle(.red)
        }
      }
      .overlay { if model.state.isLoading && model.state.value == nil { ProgressView() } }
      .navigationTitle("Catalog")
      .navigationDestination(for: Product.ID.self) { id in
        ProductDetailView(productID: id, environment: environment)
      }
      .toolbar {
        Menu("Sort") {
          Button("Default order") { Task { await model.setSort(nil) } }
          ForEach(ProductSort.Field.allCases, id: \.self) { field in
            Button(field.rawValue.capitalized) { Task { await model.setSort(ProductSort(field)) } }
          }
        }
      }
      .refreshable { await model.refresh() }
      .task { await model.start() }
      .task { await model.observeChanges() }
    }
  }

  /// One product in a list.
  struct ProductRow: View {
    let product: Product
    let isFavorite: Bool

    var body: some View {
      HStack {
        VStack(alignment: .leading) {
          Text(product.title).font(.headline)
          Text(product.category).font(.caption).foregroundStyle(.secondary)
        }
        Spacer()
        if isFavorite { Image(systemName: "heart.fill").foregroundStyle(.pink) }
        Text(product.price, format: .currency(code: "USD")).monospacedDigit()
      }
    }
  }
#endif
