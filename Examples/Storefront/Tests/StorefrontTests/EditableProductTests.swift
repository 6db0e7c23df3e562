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

  @Test(arguments: ["92233720368547758", "100000000000000000", "1000000000.01", "99999999999999999999999999.99"])
  func rejectsAPriceTooLargeWithoutTrapping(text: String) {
    let editor = EditableProduct(product: .sample(1))
    editor.priceText = text
    #expect(editor.validationMessage == "Enter a price of at most 1000000000.00.")
    #expect(editor.changes() == nil)
  }

  @Test(arguments: ["0", "0.00", "00,0"])
  func rejectsAPriceOfZeroThatTheServerWouldIgnore(text: String) {
    let editor = EditableProduct(product: .sample(1))
    editor.priceText = text
    #expect(editor.validationMessage == "The price must be above zero: the server ignores a price of 0.")
    #expect(editor.changes() == nil)
  }

  @Test func takesTheHighestPriceExactly() {
    let editor = EditableProduct(product: .sample(1, price: 1))
    editor.priceText = "1000000000"
    #expect(editor.changes() == ProductChanges(price: 1_000_000_000))
  }

  @Test(arguments: [1e300, -1e300, .infinity, .nan, 9.2e16])
  func opensAProductWhosePriceNoFormHolds(price: Double) {
    let editor = EditableProduct(product: .sample(1, price: price))
    #expect(editor.title == Product.sample(1, price: price).title)
    #expect(!editor.priceText.isEmpty)
  }

  @Test func rejectsAnEmptyTitle() {
    let editor = EditableProduct(product: .sample(1))
    editor.title = "   "
    #expect(editor.validationMessage == "The title cannot be empty.")
    #expect(editor.changes() == nil)
  }
}
