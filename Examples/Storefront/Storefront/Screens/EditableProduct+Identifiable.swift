extension EditableProduct: Identifiable {
  /// The product the form edits, so a sheet presented for a form is one per product.
  public nonisolated var id: Product.ID { original.id }
}
