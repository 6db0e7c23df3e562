import Custody
import CustodyTesting
import Testing

@Suite(.timeLimit(.minutes(3)))  // CPU-bound and slow under ThreadSanitizer: the limit catches a hang
@MainActor
struct LatestTaskTests {
  let listed = [Listing(id: 1)]
  let refreshed = [Listing(id: 2)]

  // L1: the exact scenario of a screen.
  @Test func refreshThatFinishesFirstIsShownWhenTheInitialLoadFinishesLast() async throws {
    let fetch = ControlledOperation<Void, [Listing]>(onCancel: .ignore)
    let screen = ListingScreen { try await fetch() }
    let initialLoad = Task { await screen.refresh() }
    let initial = try await fetch.waitForCalls(1)[0]
    let refresh = Task { await screen.refresh() }
    let second = try await fetch.waitForCalls(2)[1]
    #expect(initial.isCancelled, "starting the refresh cancels the initial load")

    second.resolve(refreshed)
    await refresh.value
    #expect(screen.state == .loaded(refreshed))

    initial.resolve(listed)  // the initial load finishes last
    await initialLoad.value
    #expect(screen.state == .loaded(refreshed))
  }

  // L1 under every completion order of five overlapping runs.
  @Test func onlyTheNewestRunCommitsInEveryCompletionOrder() async throws {
    let orders = try await InterleavingExplorer(steps: 5).explore { order in
      let fetch = ControlledOperation<Int, [Listing]>(onCancel: .ignore)
      let latest = LatestTask()
      var state = LoadState<[Listing]>.idle
      var runs: [Task<LatestTask.Outcome<[Listing]>, Never>] = []
      for index in 0..<5 {
        runs.append(Task { await latest.run { try await fetch(index) } })
        _ = try await fetch.waitForCalls(index + 1)
      }
      let calls = fetch.calls
      for step in order {
        calls[step].resolve([Listing(id: step)])
        let outcome = await runs[step].value
        state.apply(outcome)
        if step == 4 {
          try #require(outcome.value == [Listing(id: 4)])
        } else {
          try #require(outcome.isSuperseded, "run \(step) is older than run 4")
          try #require(calls[step].isCancelled)
        }
        try #require(state.value == nil || state.value == [Listing(id: 4)], "an older run's result was committed")
      }
      try #require(state == .loaded([Listing(id: 4)]))
    }
    #expect(orders == 120)
  }

  // L2
  @Test func leavingTheScreenKeepsWhatItShowedAndShowsNoFailure() async throws {
    let fetch = ControlledOperation<Void, [Listing]>()
    let screen = ListingScreen { try await fetch() }
    let first = Task { await screen.refresh() }
    try await fetch.waitForCalls(1)[0].resolve(listed)
    await first.value

    let second = Task { await screen.refresh() }
    let call = try await fetch.waitForCalls(2)[1]
    #expect(screen.state == .loading(previous: listed))
    screen.leave()
    await second.value
    #expect(call.isCancelled)
    #expect(screen.state == .loaded(listed))
    #expect(screen.state.failure == nil)
  }

  // L2
  @Test func cancellingTheCallersTaskIsNeutralToo() async throws {
    let fetch = ControlledOperation<Void, [Listing]>()
    let latest = LatestTask()
    let run = Task { await latest.run { try await fetch() } }
    let call = try await fetch.waitForCalls(1)[0]
    run.cancel()
    #expect(await run.value.isCancelled)
    #expect(call.isCancelled)
    #expect(!latest.isRunning)
  }

  @Test func failureOfTheCurrentRunIsReportedWithItsCategory() async throws {
    let fetch = ControlledOperation<Void, [Listing]>()
    let screen = ListingScreen { try await fetch() }
    let first = Task { await screen.refresh() }
    try await fetch.waitForCalls(1)[0].resolve(listed)
    await first.value

    let second = Task { await screen.refresh() }
    try await fetch.waitForCalls(2)[1].fail(AuthServerError(status: 503))
    await second.value
    #expect(screen.state.failure == .server(status: 503) && screen.state.value == listed)
  }
}

extension LatestTask.Outcome {
  var isSuperseded: Bool {
    if case .superseded = self { return true }
    return false
  }

  var isCancelled: Bool {
    if case .cancelled = self { return true }
    return false
  }
}

/// `change(_:)`: a save beside a screen's loads.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct LatestTaskChangeTests {
  @Test func loadsRunningWhenAChangeStartsOrStartedDuringItCommitNothing() async throws {
    let fetch = ControlledOperation<Int, String>(onCancel: .ignore)
    let save = ControlledOperation<Void, String>()
    let latest = LatestTask()
    var state = LoadState<String>.loaded("v1")
    let before = Task { await latest.run { try await fetch(1) } }
    _ = try await fetch.waitForCalls(1)
    let change = Task { try await latest.change { try await save() } }
    let saving = try await save.waitForCalls(1)[0]
    let during = Task { await latest.run { try await fetch(2) } }
    let loads = try await fetch.waitForCalls(2)

    saving.resolve("saved")
    state = .loaded(try await change.value)
    for load in loads { load.resolve("from before the save") }
    state.apply(await before.value)
    state.apply(await during.value)

    #expect(state == .loaded("saved"))
    #expect(loads.allSatisfy { $0.isCancelled })
    let after = Task { await latest.run { try await fetch(3) } }
    try await fetch.waitForCalls(3)[2].resolve("after")
    #expect(await after.value.value == "after", "a load that starts after the change is current")
  }

  @Test func aChangeThatThrowsStillSupersedesTheLoadsThatRanBesideIt() async throws {
    let fetch = ControlledOperation<Int, String>(onCancel: .ignore)
    let latest = LatestTask()
    let load = Task { await latest.run { try await fetch(1) } }
    let call = try await fetch.waitForCalls(1)[0]
    await #expect(throws: CancellationError.self) {
      try await latest.change { () async throws -> Void in throw CancellationError() }
    }
    call.resolve("stale")
    #expect(await load.value.isSuperseded)
    #expect(!latest.isRunning)
  }
}
