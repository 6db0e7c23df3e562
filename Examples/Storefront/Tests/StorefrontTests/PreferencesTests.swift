import Custody
import CustodyTesting
import Foundation
import Storefront
import Testing

/// The order and the last search are kept across starts; a damaged file is moved aside and
/// reported like the others.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct PreferencesTests {
  @Test func theSortAndTheLastSearchSurviveARestart() async throws {
    let folder = TestBed.newFolder()
    let first = try await TestBed.fakes(folder: folder)
    first.environment.preferences.remember(sort: ProductSort(.price, .descending))
    first.environment.preferences.remember(search: "  phone ")
    first.environment.preferences.remember(search: "   ")  // blank: the last search stays
    try await first.environment.preferences.flush()

    let second = try await TestBed.fakes(folder: folder)
    #expect(second.environment.preferences.sort == ProductSort(.price, .descending))
    #expect(second.environment.preferences.lastSearch == "phone")
    #expect(second.environment.loadProblems.isEmpty)
  }

  // Two windows on one folder: the order chosen in one and the search made in the other are
  // both kept, whichever writes last (each store reads the file again before it writes).
  @Test func twoWindowsKeepEachOthersChoice() async throws {
    let file = TestBed.newFolder().appending(path: "preferences.json")
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let first = Preferences(store: await FileStore.open(url: file, default: .init()))
    let second = Preferences(store: await FileStore.open(url: file, default: .init()))
    first.remember(sort: ProductSort(.title))
    try await first.flush()
    second.remember(search: "phone")
    try await second.flush()

    let next = Preferences(store: await FileStore.open(url: file, default: .init()))
    #expect(next.sort == ProductSort(.title), "the first window's order")
    #expect(next.lastSearch == "phone", "the second window's search")
  }

  @Test func aDamagedFileIsMovedAsideAndReported() async throws {
    let folder = TestBed.newFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("{\"sort\": 12".utf8).write(to: folder.appending(path: "preferences.json"))

    let bed = try await TestBed.fakes(folder: folder)
    #expect(bed.environment.preferences.sort == nil, "the defaults apply")
    #expect(bed.environment.loadProblems.count == 1)
    #expect(bed.environment.loadProblems.first?.contains("preferences.json is damaged") == true)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files.contains { $0.hasPrefix("preferences.json.corrupt-") }, "\(files)")
  }

  @Test func thePageKeptForAnOfflineStartIsTheOneInTheKeptOrder() async throws {
    let folder = TestBed.newFolder()
    let service = FakeProductService()
    let bed = try await TestBed.fakes(products: service, folder: folder)
    let cheapFirst = ProductSort(.price)
    bed.environment.preferences.remember(sort: cheapFirst)
    let catalog = CatalogViewModel(environment: bed.environment, sort: cheapFirst)

    let starting = Task { await catalog.start() }
    try await service.pages.waitForCalls(1)[0].resolve(.of(4...6, total: 9))
    await starting.value
    #expect(bed.environment.offlineCatalog.snapshot?.sort == cheapFirst)
    #expect(bed.environment.offlineCatalog.snapshot?.products.map(\.id) == [4, 5, 6])

    // The next start in that order shows it at once, while the live page loads.
    let next = CatalogViewModel(environment: bed.environment, sort: cheapFirst)
    let again = Task { await next.start() }
    let request = try await service.pages.waitForCalls(2)[1]
    #expect(next.state.isLoading && next.state.value?.products.map(\.id) == [4, 5, 6])
    request.resolve(.of(4...6, total: 9))
    await again.value
  }
}
