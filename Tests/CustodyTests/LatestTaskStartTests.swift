import Custody
import CustodyTesting
import Testing

/// ``LatestTask/start(_:)``: work started from a callback that cannot wait, owned by the helper.
/// Each started run ends on its own, or when a newer run, ``LatestTask/cancel()`` or the
/// helper's release cancels it; the inspector says which.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct LatestTaskStartTests {
  let inspector = TestInspector()

  /// Work that runs until its task is cancelled, without sleeping.
  static func untilCancelled() async {
    let (stream, continuation) = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
      for await _ in stream {}
    } onCancel: {
      continuation.finish()
    }
  }

  private func waitForFinished(_ outcome: OwnerEvent.Outcome) async throws {
    try await inspector.waitForEvent("a run \(outcome)") { $0.kind == .finished && $0.outcome == outcome }
  }

  @Test func aStartCancelsTheRunBeforeItAndCancelStopsTheCurrentOne() async throws {
    let latest = LatestTask(name: "appearance", inspector: inspector)
    latest.start { await Self.untilCancelled() }
    latest.start { await Self.untilCancelled() }
    try await waitForFinished(.dropped)  // the first: superseded
    #expect(latest.isRunning, "the second runs")

    latest.cancel()
    try await waitForFinished(.cancelled)
    #expect(!latest.isRunning)
  }

  @Test func workThatEndsLeavesNothingRunning() async throws {
    let latest = LatestTask(name: "appearance", inspector: inspector)
    latest.start {}
    try await waitForFinished(.succeeded)
    #expect(!latest.isRunning)
  }

  @Test func releasingTheHelperCancelsItsStartedWork() async throws {
    let ended = AsyncStream<Void>.makeStream()
    var latest: LatestTask? = LatestTask(name: "appearance", inspector: inspector)
    latest?.start {
      await Self.untilCancelled()
      ended.continuation.yield()
    }
    latest = nil
    var iterator = ended.stream.makeAsyncIterator()
    #expect(await iterator.next() != nil, "the work was cancelled with its helper")
  }

  @Test func aStartedRunIsSupersededByARunAndTheRunStillCompletes() async throws {
    let latest = LatestTask(name: "list", inspector: inspector)
    latest.start { await Self.untilCancelled() }
    let outcome = await latest.run { 7 }
    #expect(outcome.value == 7)
    try await waitForFinished(.dropped)
    #expect(!latest.isRunning)
  }
}
