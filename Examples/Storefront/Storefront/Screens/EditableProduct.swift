import Foundation
import Observation

/// The edit form of a product: the fields as the user types them, checked and turned back into
/// the ``ProductChanges`` to save.
///
/// Built on the main actor from a ``Product`` (or the ``ProductDTO`` it came from) for the
/// edit screen, it is the one model class the UI edits in place.
///
/// ```swift
/// let editor = EditableProduct(product: product)
/// editor.priceText = "12.50"
/// editor.validationMessage   // nil
/// editor.changes()           // ProductChanges(price: 12.5)
/// ```
@MainActor @Observable
public final class EditableProduct {
  /// The product as it was when the form was made.
  public let original: Product
  public var title: String
  /// The price as typed; a point or a comma separates the cents.
  public var priceText: String

  public init(product: Product) {
    original = product
    title = product.title
    priceText = Self.text(for: product.price)
  }

  /// What is wrong with the form, in plain words; `nil` when it can be saved.
  public var validationMessage: String? {
    if trimmedTitle.isEmpty { return "The title cannot be empty." }
    switch Self.parseCents(priceText) {
    case .success: return nil
    case .failure(.notANumber): return "Enter a price such as 9.99."
    case .failure(.zero): return "The price must be above zero: the server ignores a price of 0."
    case .failure(.tooLarge): return "Enter a price of at most 1000000000.00."
    }
  }

  /// The fields that differ from ``original``; `nil` while the form is invalid.
  public func changes() -> ProductChanges? {
    guard trimmedTitle.isEmpty == false, case .success(let cents) = Self.parseCents(priceText) else { return nil }
    return ProductChanges(
      title: trimmedTitle == original.title ? nil : trimmedTitle,
      price: cents == Self.cents(original.price) ? nil : Double(cents) / 100)
  }

  private var trimmedTitle: String { title.trimmingCharacters(in: .whitespacesAndNewlines) }
}
