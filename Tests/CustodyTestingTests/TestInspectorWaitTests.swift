import Custody
import CustodyTesting
import Testing

/// Each wait of the inspector ends when its task is cancelled, saying what it waited for and what
/// it saw: a time limit then fails the test instead of hanging the run.
@Suite(.timeLimit(.minutes(3)))  // CPU-bound and slow under ThreadSanitizer: the limit catches a hang
struct TestInspectorWaitTests {
  /// A wait for a state that never comes while two callers share one load of "/products/1".
  enum NeverSatisfied: CaseIterable, Sendable {
    case waitersOnAKey, waitersOnTheRunningWork, idle, runningWork, event, condition

    func wait(_ inspector: TestInspector) async throws(TestWaitError) {
      switch self {
      case .waitersOnAKey: try await inspector.waitForWaiters(3, on: "/products/1", owner: "products")
      case .waitersOnTheRunningWork: try await inspector.waitForWaiters(3, owner: "products")
      case .idle: try await inspector.waitUntilIdle(owner: "products")
      case .runningWork: try await inspector.waitForRunningWork(atMost: 0)
      case .event: try await inspector.waitForEvent("a commit", owner: "products") { $0.kind.isCommit }
      case .condition: try await inspector.wait(for: "two owners") { $0.owners.count == 2 }
      }
    }

    /// What the wait says when cancelled while load `id` runs.
    func message(load id: UInt64) -> String {
      let running = "1 running: products load #\(id) /products/1"
      let events =
        "3 events, the last: products load #\(id) started /products/1, products joined #\(id) (1 waiting) /products/1, "
        + "products joined #\(id) (2 waiting) /products/1"
      return switch self {
      case .waitersOnAKey: "waiting for 3 waiters on /products/1 in products; saw 2."
      case .waitersOnTheRunningWork: "waiting for 3 waiters on the running work of products; saw 2."
      case .idle: "waiting for products to be idle; saw \(running)."
      case .runningWork: "waiting for at most 0 pieces of work running; saw \(running)."
      case .event: "waiting for a commit of products; saw \(events)."
      case .condition: "waiting for two owners; saw \(events)."
      }
    }
  }

  let inspector = TestInspector()
  let fetch = ControlledOperation<String, String>()
  let products: SingleFlight<String, String>

  init() { products = SingleFlight(name: "products", inspector: inspector) }

  /// Two callers waiting on one load of "/products/1", and the load's number; answer `fetch` to
  /// end them.
  private func twoCallers() async throws -> (callers: [Task<String, any Error>], load: UInt64) {
    let callers = (0..<2).map { _ in
      Task { [products, fetch] in try await products.run("/products/1") { try await fetch("/products/1") } }
    }
    try await inspector.waitForWaiters(2, on: "/products/1")
    let load = try #require(inspector.recording.activity(of: "products")?.flightsInFlight.first?.id)
    return (callers, load)
  }

  private func finish(_ callers: [Task<String, any Error>]) async throws {
    try await fetch.waitForCalls(1)[0].resolve("lamp")
    for caller in callers { #expect(try await caller.value == "lamp") }
  }

  @Test(arguments: NeverSatisfied.allCases)
  func aPendingWaitThrowsWhatItAwaitedAndSawWhenCancelled(_ wait: NeverSatisfied) async throws {
    let (callers, load) = try await twoCallers()
    let error = try await cancelWhilePending { [inspector] () async throws(TestWaitError) in
      try await wait.wait(inspector)
    } once: {
      try await inspector.waitForPendingWaits(1)
    }
    #expect(error.message.contains(wait.message(load: load)), "\(error.message)")
    try await finish(callers)
  }

  @Test(arguments: NeverSatisfied.allCases)
  func aWaitInATaskCancelledBeforeItStartsThrowsAtOnce(_ wait: NeverSatisfied) async throws {
    let (callers, load) = try await twoCallers()
    let error = await waitCancelledFirst { [inspector] () async throws(TestWaitError) in try await wait.wait(inspector)
    }
    #expect(error.message.contains(wait.message(load: load)), "\(error.message)")
    try await finish(callers)
  }

  @Test func theMessageSaysWhatHappenedAndWhy() async throws {
    let error = await waitCancelledFirst { [inspector] () async throws(TestWaitError) in
      try await inspector.waitForEvent("a commit") { $0.kind.isCommit }
    }
    #expect(
      error.message
        == "Cancelled while waiting for a commit; saw no events. "
        + "A time limit cancels its test when what the test waits for never comes.")
  }

  @Test func aWaitAlreadySatisfiedReturnsEvenInACancelledTask() async throws {
    let (callers, _) = try await twoCallers()
    let error = await waitCancelledFirst { [inspector] () async throws(TestWaitError) in
      try await inspector.waitForWaiters(2, on: "/products/1", owner: "products")
      try await inspector.waitForWaiters(2, owner: "products")
      try await inspector.waitForRunningWork(atMost: 1)
      try await inspector.wait(for: "one owner") { $0.owners.count == 1 }
    }
    #expect(error == nil, "the state it waits for came already")
    try await finish(callers)
    try await inspector.waitUntilIdle()
    let idle = await waitCancelledFirst { [inspector] () async throws(TestWaitError) in
      try await inspector.waitUntilIdle(owner: "products")
      try await inspector.waitForEvent("a finish") { if case .finished = $0.kind { true } else { false } }
    }
    #expect(idle == nil, "the state it waits for came already")
  }

  @Test func aWaitSatisfiedWhileItIsCancelledEndsOnce() async throws {
    let owner = InspectedOwner(name: "products", kind: .cache)
    for iteration in 0..<300 {
      let inspector = TestInspector()
      let waiting = startWait { () async throws(TestWaitError) in
        try await inspector.waitForEvent("a hit") { $0.kind == .hit }
      }
      try await inspector.waitForPendingWaits(1)
      let error = await raceCancellation(of: waiting, cancelFirst: iteration.isMultiple(of: 2)) {
        inspector.record(OwnerEvent(owner: owner, kind: .hit))
      }
      if let error { #expect(error.awaited == "a hit") }
      try await inspector.waitForEvent("a hit") { $0.kind == .hit }
    }
  }
}

extension OwnerEvent.Kind {
  fileprivate var isCommit: Bool {
    if case .committed = self { true } else { false }
  }
}
