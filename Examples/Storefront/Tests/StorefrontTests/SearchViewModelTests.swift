import Custody
import CustodyTesting
import Storefront
import Testing

@Suite(.timeLimit(.minutes(3)))
@MainActor
struct SearchViewModelTests {
  @Test func quickTypingMakesOneRequestForTheLastQuery() async throws {
    let service = FakeProductService()
    let clock = RecordingClock()
    let bed = try await TestBed.fakes(products: service, clock: clock)
    let search = SearchViewModel(environment: bed.environment)

    let p = Task { await search.search("p") }
    try await clock.waitForSleeps(1)
    let ph = Task { await search.search("ph") }
    try await clock.waitForSleeps(2)
    let pho = Task { await search.search("pho") }
    try await clock.waitForSleeps(3)
    clock.advance(by: .milliseconds(300))
    let request = try await service.searches.waitForCalls(1)[0]
    request.resolve(ProductPage(products: [.sample(1, "Phone")], total: 1, skip: 0))
    await p.value
    await ph.value
    await pho.value

    #expect(service.searches.callCount == 1)
    #expect(request.input == "pho")
    #expect(search.query == "pho")
    #expect(search.state == .loaded(SearchResults(query: "pho", products: [.sample(1, "Phone")], total: 1)))
  }

  // The results shown follow the search cache while the screen watches them: stale when the
  // app comes back, they are loaded again and the new page shows.
  @Test func resultsShownAreLoadedAgainWhenTheAppComesBackAfterTheyWentStale() async throws {
    let service = FakeProductService()
    let clock = RecordingClock()
    let inspector = TestInspector()
    let bed = try await TestBed.fakes(products: service, clock: clock, inspector: inspector)
    let search = SearchViewModel(environment: bed.environment)
    let searching = Task { await search.search("lamp") }
    try await clock.waitForSleeps(1)
    clock.advance(by: .milliseconds(300))
    try await service.searches.waitForCalls(1)[0].resolve(
      ProductPage(products: [.sample(1, "Lamp")], total: 1, skip: 0))
    await searching.value

    let watching = Task { await search.watchResults() }
    try await inspector.waitForEvent("the watch's first read", owner: "searches") { $0.kind == .hit }
    clock.advance(by: .seconds(61))  // past the searches' minute of freshness
    bed.environment.appEvents.send(.didBecomeActive)
    let reload = try await service.searches.waitForCalls(2)[1]
    #expect(reload.input == "lamp")
    reload.resolve(ProductPage(products: [.sample(1, "Lamp"), .sample(2, "Desk lamp")], total: 2, skip: 0))
    try await waitUntil("the page loaded again shows") { search.state.value?.total == 2 }
    #expect(search.state.value?.products.map(\.title) == ["Lamp", "Desk lamp"])
    watching.cancel()
    await watching.value
  }

  @Test func anOlderQueryAnsweringLastIsNeverShown() async throws {
    let service = FakeProductService(lateAnswers: true)
    let clock = RecordingClock()
    let bed = try await TestBed.fakes(products: service, clock: clock)
    let search = SearchViewModel(environment: bed.environment)

    let ph = Task { await search.search("ph") }
    try await clock.waitForSleeps(1)
    clock.advance(by: .milliseconds(300))
    let phRequest = try await service.searches.waitForCalls(1)[0]
    let pho = Task { await search.search("pho") }
    try await clock.waitForSleeps(2)
    clock.advance(by: .milliseconds(300))
    let phoRequest = try await service.searches.waitForCalls(2)[1]
    phoRequest.resolve(ProductPage(products: [.sample(1, "Phone")], total: 1, skip: 0))
    await pho.value
    phRequest.resolve(ProductPage(products: [.sample(2, "Graphite")], total: 1, skip: 0))  // late
    await ph.value

    #expect(phRequest.input == "ph")
    #expect(search.state.value?.query == "pho")
    #expect(search.state.value?.products.map(\.title) == ["Phone"])
  }

  @Test func anEmptyQueryIsIdleAndDropsPendingSearches() async throws {
    let service = FakeProductService()
    let clock = RecordingClock()
    let bed = try await TestBed.fakes(products: service, clock: clock)
    let search = SearchViewModel(environment: bed.environment)

    let typing = Task { await search.search("phone") }
    try await clock.waitForSleeps(1)
    #expect(search.state == .loading(previous: nil))
    await search.search("  ")
    #expect(search.state == .idle)
    await typing.value
    clock.advance(by: .seconds(1))

    #expect(search.state == .idle)
    #expect(search.query == "  ")
    #expect(search.message == nil)
    #expect(service.searches.callCount == 0)
  }

  @Test func aCancelledSearchKeepsTheResultsShown() async throws {
    let service = FakeProductService()
    let clock = RecordingClock()
    let bed = try await TestBed.fakes(products: service, clock: clock)
    let search = SearchViewModel(environment: bed.environment)
    let first = Task { await search.search("phone") }
    try await clock.waitForSleeps(1)
    clock.advance(by: .milliseconds(300))
    try await service.searches.waitForCalls(1)[0].resolve(ProductPage(products: [.sample(1)], total: 1, skip: 0))
    await first.value
    let shown = search.state

    let second = Task { await search.search("phones") }
    try await clock.waitForSleeps(2)
    second.cancel()
    await second.value

    #expect(search.state == shown)
    #expect(search.message == nil)
    #expect(service.searches.callCount == 1)
  }

  @Test func aFailedSearchSaysWhyAndKeepsTheLastResults() async throws {
    let service = FakeProductService()
    let clock = RecordingClock()
    let bed = try await TestBed.fakes(products: service, clock: clock)
    let search = SearchViewModel(environment: bed.environment)

    let typing = Task { await search.search("phone") }
    try await clock.waitForSleeps(1)
    clock.advance(by: .milliseconds(300))
    try await service.searches.waitForCalls(1)[0].fail(HTTPFailureStub.rateLimited)
    await typing.value

    #expect(search.state.failure == .rateLimited(retryAfter: .seconds(30)) && search.state.value == nil)
    #expect(search.message == "Too many requests. Try again in 30 s.")
  }
}
