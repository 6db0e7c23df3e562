#if canImport(SwiftUI) && !os(watchOS) && !os(tvOS)
  import Storefront
  import SwiftUI

  /// The edit form: fields bound to an ``EditableProduct``; saving is the view model's job. The
  /// form stays open until the edit is saved: the product screen behind it shows the edit at
  /// once, and a save that fails says why here, with what was typed still in the fields.
  struct EditProductView: View {
    @Bindable var editor: EditableProduct
    let isSaving: Bool
    /// Why the last save failed, in the product screen's words.
    let failure: String?
    let save: () async -> Bool
    @Environment(\.dismiss) private var dismiss

    var body: some View {
      NavigationStack {
        Form {
          TextField("Title", text: $editor.title)
          TextField("Price", text: $editor.priceText)
          if let problem = editor.validationMessage ?? failure { Text(problem).foregroundStyle(.red) }
        }
        .toolbar {
          ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
          ToolbarItem(placement: .confirmationAction) {
            Button("Save") {
              Task { if await save() { dismiss() } }
            }
            .disabled(isSaving || editor.changes() == nil)
          }
        }
      }
    }
  }
#endif
