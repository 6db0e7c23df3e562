#if canImport(SwiftUI) && !os(watchOS) && !os(tvOS)
  import Custody
  import Storefront
  import SwiftUI

  /// One product, its favourite toggle and the way into the edit form.
  public struct ProductDetailView: View {
    private let model: ProductDetailViewModel
    @State private var editor: EditableProduct?

    /// - Parameter model: The product screen's view model, from StorefrontScreens/detail(for:).
    public init(model: ProductDetailViewModel) {
      self.model = model
    }

    public var body: some View {
      Form {
        if let product = model.state.value {
          Section {
            Text(product.title).font(.title2)
            Text(product.description)
            LabeledContent("Price") { Text(product.price, format: .currency(code: "USD")) }
            if let brand = product.brand { LabeledContent("Brand", value: brand) }
            if let rating = product.rating {
              LabeledContent("Rating") { Text(rating, format: .number.precision(.fractionLength(1))) }
            }
          }
        }
        if let message = model.message { Text(message).foregroundStyle(.red) }
      }
      .overlay { if model.state.isLoading && model.state.value == nil { ProgressView() } }
      .toolbar {
        Button(model.isFavorite ? "Unfavourite" : "Favourite", systemImage: model.isFavorite ? "heart.fill" : "heart") {
          Task { await model.toggleFavorite() }
        }
        Button("Edit") {
          model.dismissMessage()  // the form shows its own save's failure, not an older one
          editor = model.makeEditor()
        }
        .disabled(model.state.value == nil)
      }
      .sheet(item: $editor) { editor in
        EditProductView(editor: editor, isSaving: model.isSaving, failure: model.message) { await model.save(editor) }
      }
      .task { await model.load() }
      .task { await model.watch() }
    }
  }
#endif
