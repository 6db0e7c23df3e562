import Custody
import CustodyTesting
import Foundation
import Storefront
import Testing

/// Two windows of the app on one data folder (or an app and its widget on one App Group
/// folder): what each saves survives the other, whichever quits last.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct SharedDataFolderTests {
  let folder = TestBed.newFolder()

  // Favourite rows 1 and 2 in the first window, row 1 in the second: both stay favourites.
  @Test func favouritesOfBothWindowsAreKept() async throws {
    let first = try await TestBed.fakes(folder: folder)
    let second = try await TestBed.fakes(folder: folder)
    try await first.environment.favorites.setFavorite(true, for: 1)
    try await first.environment.favorites.setFavorite(true, for: 2)
    try await second.environment.favorites.setFavorite(true, for: 1)
    #expect(second.environment.favorites.ids == [1, 2], "its write found the first window's favourites")

    let next = try await TestBed.fakes(folder: folder)
    #expect(next.environment.favorites.ids == [1, 2])
    withExtendedLifetime((first, second)) {}
  }

  // A favourite marked in the other window shows here when the app comes back to the user.
  @Test func aFavouriteOfTheOtherWindowShowsOnReload() async throws {
    let first = try await TestBed.fakes(folder: folder)
    let second = try await TestBed.fakes(folder: folder)
    var shown = second.environment.favorites.updates().makeAsyncIterator()
    #expect(await shown.next() == [])
    try await first.environment.favorites.setFavorite(true, for: 5)
    await second.environment.favorites.reload()
    #expect(second.environment.favorites.ids == [5])
    #expect(await shown.next() == [5])
    withExtendedLifetime(first) {}
  }

  // An edit saved in one window is not undone by the other window, which knew the product from
  // before the edit, saving its kept products last.
  @Test func anEditSurvivesTheOtherWindowSavingLast() async throws {
    let firstService = FakeProductService()
    let first = try await TestBed.fakes(products: firstService, folder: folder)
    let loading = Task { try await first.environment.repository.product(id: 7) }
    try await firstService.details.waitForCalls(1)[0].resolve(.sample(7, "Lamp"))
    _ = try await loading.value
    try await first.environment.repository.flush()

    let secondService = FakeProductService()
    let second = try await TestBed.fakes(products: secondService, folder: folder)
    #expect(second.environment.repository.cachedProduct(id: 7)?.title == "Lamp")

    let saving = Task { try await first.environment.repository.save(id: 7, changes: ProductChanges(title: "Edited")) }
    try await firstService.updates.waitForCalls(1)[0].resolve(.sample(7, "Edited"))
    _ = try await saving.value
    try await first.environment.repository.flush()

    let other = Task { try await second.environment.repository.product(id: 8) }
    try await secondService.details.waitForCalls(1)[0].resolve(.sample(8, "Chair"))
    _ = try await other.value
    try await second.environment.repository.flush()  // the second window quits last

    let next = try await TestBed.fakes(folder: folder)
    #expect(next.environment.repository.cachedProduct(id: 7)?.title == "Edited")
    #expect(next.environment.repository.cachedProduct(id: 8)?.title == "Chair")
  }
}
