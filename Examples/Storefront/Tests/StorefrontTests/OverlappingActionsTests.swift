import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront
import Testing

/// The product screen's actions overlapping: a reload beside a save, a toggle failing while a
/// save runs. The rules are `ActionState`'s and `LatestTask.change`'s; these are the screen's.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct OverlappingActionsTests {
  let service = FakeProductService()

  private func loadedDetail(_ bed: TestBed) async throws -> ProductDetailViewModel {
    let detail = ProductDetailViewModel(productID: 1, environment: bed.environment)
    let loading = Task { await detail.load() }
    try await service.details.waitForCalls(1)[0].resolve(.sample(1))
    await loading.value
    return detail
  }

  enum Order: String, CaseIterable {
    /// The reload is answered while the save waits for its answer.
    case reloadFirst
    /// The save is answered first, then the reload with what the server had before.
    case saveFirst
  }

  @Test(arguments: Order.allCases)
  func aReloadThatStartedBeforeASaveNeverShowsTheProductWithoutTheEdit(order: Order) async throws {
    let bed = try await TestBed.fakes(products: service)
    let detail = try await loadedDetail(bed)
    let editor = try #require(detail.makeEditor())
    let reloading = Task { await detail.reload() }
    let reload = try await service.details.waitForCalls(2)[1]

    editor.title = "New"
    let saving = Task { await detail.save(editor) }
    let update = try await service.updates.waitForCalls(1)[0]
    #expect(detail.state.value?.title == "New", "the edit shows at once")
    switch order {
    case .reloadFirst:
      reload.resolve(.sample(1))  // the product as it was before the edit
      await reloading.value
      #expect(detail.state.value?.title == "New", "the reload commits nothing over the edit")
      update.resolve(.sample(1, "New"))
      #expect(await saving.value)
    case .saveFirst:
      update.resolve(.sample(1, "New"))
      #expect(await saving.value)
      reload.resolve(.sample(1))
      await reloading.value
    }

    #expect(detail.state == .loaded(.sample(1, "New")), "the reload commits nothing over the saved edit")
    #expect(detail.message == nil && !detail.isSaving)
  }

  @Test func aSaveThatSucceedsKeepsTheFailureOfAToggleThatEndedWhileItRan() async throws {
    let bed = try await TestBed.fakes(products: service)
    let detail = try await loadedDetail(bed)
    let editor = try #require(detail.makeEditor())
    editor.title = "New"
    let saving = Task { await detail.save(editor) }
    let update = try await service.updates.waitForCalls(1)[0]
    // The favourites file's folder becomes a regular file: the toggle cannot be saved. The
    // product cache's save of the loaded product is written first, so nothing writes into the
    // folder while it is removed.
    try await bed.environment.repository.flush()
    try FileManager.default.removeItem(at: bed.folder)
    try Data("not a folder".utf8).write(to: bed.folder)

    await detail.toggleFavorite()
    #expect(detail.message == FailureCopy.message(for: .storage))
    #expect(detail.isSaving, "a toggle is not a save")
    update.resolve(.sample(1, "New"))

    #expect(await saving.value)
    #expect(detail.message == FailureCopy.message(for: .storage), "the save began before that failure")
    #expect(detail.actions.failure == .storage && !detail.isSaving && !detail.isFavorite)

    let reloading = Task { await detail.reload() }
    try await service.details.waitForCalls(2)[1].resolve(.sample(1, "New"))
    await reloading.value
    #expect(detail.message == nil, "a reload that began after the failure and succeeded clears it")
  }
}
