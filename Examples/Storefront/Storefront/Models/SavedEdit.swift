/// An edit the server answered: what every screen shows now, and what the server said it holds.
public struct SavedEdit: Sendable, Hashable {
  /// The product as every screen shows it now: the server's answer, with the edits of it that
  /// are still being saved replayed over it.
  public var shown: Product
  /// The product as the server's answer to this edit has it, merged into the product as known
  /// (see ``Product/merging(_:)``).
  public var saved: Product
  /// The changes that were sent.
  public var changes: ProductChanges

  public init(shown: Product, saved: Product, changes: ProductChanges) {
    self.shown = shown
    self.saved = saved
    self.changes = changes
  }

  /// The fields the server's answer does not hold as they were sent: fields it ignored. Read
  /// from ``saved``, so a later edit still being saved is not mistaken for one.
  public var ignoredFields: [ProductChanges.Field] { changes.fields(missingFrom: saved) }
}
