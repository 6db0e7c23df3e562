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
    if price == nil { return "Enter a price such as 9.99." }
    return nil
  }

  /// The fields that differ from ``original``; `nil` while the form is invalid.
  public func changes() -> ProductChanges? {
    guard validationMessage == nil, let price else { return nil }
    return ProductChanges(
      title: trimmedTitle == original.title ? nil : trimmedTitle,
      price: Self.cents(price) == Self.cents(original.price) ? nil : price)
  }

  private var trimmedTitle: String { title.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// The typed price, when it is a number of at least zero with at most two decimals.
  private var price: Double? {
    let text = priceText.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
      !parts[0].isEmpty, parts[0].allSatisfy(\.isNumber), parts.count == 1 || (1...2).contains(parts[1].count),
      parts.dropFirst().allSatisfy({ $0.allSatisfy(\.isNumber) }),
      let value = Double(text), value.isFinite
    else { return nil }
    return value
  }

  private nonisolated static func cents(_ price: Double) -> Int { Int((price * 100).rounded()) }

  /// `price` as the form shows it: "9.90".
  nonisolated static func text(for price: Double) -> String {
    let cents = cents(price)
    let fraction = cents % 100
    return "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
