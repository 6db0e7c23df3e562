import Custody
import CustodyTesting
import Testing

/// What a LatestTask tells its inspector.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct LatestTaskEventsTests {
  let inspector = TestInspector()
  let fetch = ControlledOperation<Int, Int>(onCancel: .ignore)

  // L1: the older run is detached when the newer starts, and dropped when it finishes last.
  @Test func aSupersededRunIsDetachedThenDropped() async throws {
    let latest = LatestTask(name: "list", inspector: inspector)
    let older = Task { await latest.run { [fetch] in try await fetch(1) } }
    let first = try await fetch.waitForCalls(1)[0]
    let newer = Task { await latest.run { [fetch] in try await fetch(2) } }
    let second = try await fetch.waitForCalls(2)[1]
    second.resolve(2)
    _ = await newer.value
    first.resolve(1)
    _ = await older.value
    #expect(
      inspector.shapes() == [
        "started run", "detached by a newer run", "started run", "finished succeeded", "finished dropped",
      ])
  }

  // L2
  @Test func cancelAndSupersedeAreReported() async throws {
    let latest = LatestTask(name: "list", inspector: inspector)
    let cancelled = Task { await latest.run { [fetch] in try await fetch(1) } }
    let call = try await fetch.waitForCalls(1)[0]
    latest.cancel()
    call.resolve(1)
    _ = await cancelled.value
    let superseded = Task { await latest.run { [fetch] in try await fetch(2) } }
    let next = try await fetch.waitForCalls(2)[1]
    latest.supersede()
    next.resolve(2)
    #expect(await superseded.value.value == nil)
    #expect(
      inspector.shapes() == [
        "started run", "finished cancelled", "started run", "detached by supersede", "finished dropped",
      ])
  }
}
