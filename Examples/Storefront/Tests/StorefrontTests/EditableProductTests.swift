import Storefront
import Testing

@Suite
@MainActor
struct EditableProductTests {
  @Test func startsFromTheProduct() {
    let editor = EditableProduct(product: .sample(1, "Mascara", price: 9.9))
    #expect(editor.title == "Mascara")
    #expect(editor.priceText == "9.90")
    #expect(editor.validationMessage == nil)
    #expect(editor.changes() == ProductChanges())
  }

  @Test func setsOnlyTheFieldsThatChanged() {
    let editor = EditableProduct(product: .sample(1, "Mascara", price: 9.9))
    editor.priceText = "12,5"
    #expect(editor.changes() == ProductChanges(price: 12.5))
    editor.title = "  Lipstick "
    #expect(editor.changes() == ProductChanges(title: "Lipstick", price: 12.5))
  }

  @Test(arguments: ["", "ten", "-1", "1.234", "1.2.3", "١٢"])
  func rejectsAPriceThatIsNotOne(text: String) {
    let editor = EditableProduct(product: .sample(1))
    editor.priceText = text
    #expect(editor.validationMessage == "Enter a price such as 9.99.")
    #expect(editor.changes() == nil)
  }

  @Test func rejectsAnEmptyTitle() {
    let editor = EditableProduct(product: .sample(1))
    editor.title = "   "
    #expect(editor.validationMessage == "The title cannot be empty.")
    #expect(editor.changes() == nil)
  }
}
