#if canImport(SwiftUI) && !os(watchOS) && !os(tvOS)
  import Storefront
  import SwiftUI

  /// The edit form: fields bound to an ``EditableProduct``; saving is the view model's job.
  struct EditProductView: View {
    @Bindable var editor: EditableProduct
    let isSaving: Bool
    let save: () async -> Bool
    @Environment(\.dismiss) private var dismiss

    var body: some View {
      NavigationStack {
        Form {
          TextField("Title", text: $editor.title)
          TextField("Price", text: $editor.priceText)
          if let problem = editor.validationMessage { Text(problem).foregroundStyle(.red) }
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
