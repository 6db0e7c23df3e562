import Storefront
import Testing

/// What a table of the catalog applies when the screen changes.
@Suite struct CatalogTableRowsTests {
  @Test func anEditedProductIsReconfiguredAndTheOthersAreNot() {
    var rows = CatalogTableRows()
    _ = rows.replace(with: [.sample(1), .sample(2), .sample(3)])

    let changed = rows.replace(with: [.sample(1), .sample(2, "Renamed"), .sample(3, price: 12)])

    #expect(changed == [2, 3])
    #expect(rows.ids == [1, 2, 3])
    #expect(rows[2]?.title == "Renamed")
  }

  @Test func rowsAddedOrRemovedAreNotReconfigured() {
    var rows = CatalogTableRows()
    _ = rows.replace(with: [.sample(1), .sample(2)])

    let changed = rows.replace(with: [.sample(2), .sample(3), .sample(4)])

    #expect(changed.isEmpty)
    #expect(rows.ids == [2, 3, 4])
    #expect(rows[1] == nil)
  }

  @Test func anIdListedTwiceIsShownOnceWhereItFirstAppears() {
    var rows = CatalogTableRows()

    _ = rows.replace(with: [.sample(1), .sample(2, "First"), .sample(3), .sample(2, "Again")])

    #expect(rows.ids == [1, 2, 3])
    #expect(rows[2]?.title == "First")
  }
}
