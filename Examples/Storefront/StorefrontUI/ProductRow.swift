#if canImport(SwiftUI) && !os(watchOS) && !os(tvOS)
  import Storefront
  import SwiftUI

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
