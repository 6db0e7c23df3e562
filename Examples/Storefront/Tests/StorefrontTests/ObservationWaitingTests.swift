import CustodyTesting
import Observation
import Testing

/// `waitUntil` ends when its task is cancelled, naming what it waited for: a time limit then
/// fails the test instead of hanging the run.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct ObservationWaitingTests {
  @Observable @MainActor final class Counter {
    var value = 0
  }

  @Test func aConditionThatHoldsReturnsAtOnce() async throws {
    let counter = Counter()
    try await waitUntil("the count to be 0") { counter.value == 0 }
  }

  @Test func aChangeOfWhatTheConditionReadsEndsTheWait() async throws {
    let counter = Counter()
    let (checked, check) = AsyncStream.makeStream(of: Void.self)
    let waiting = Task {
      try await waitUntil("the count to be 2") {
        check.yield()
        return counter.value == 2
      }
    }
    var checks = checked.makeAsyncIterator()
    await checks.next()
    counter.value = 1
    await checks.next()
    counter.value = 2
    try await waiting.value
  }

  @Test func aCancelledWaitThrowsWhatItWaitedFor() async throws {
    let counter = Counter()
    let (checked, check) = AsyncStream.makeStream(of: Void.self)
    let waiting = Task { () async -> TestWaitError? in
      do throws(TestWaitError) {
        try await waitUntil("the count to be 2") {
          check.yield()
          return counter.value == 2
        }
        return nil
      } catch {
        return error
      }
    }
    var checks = checked.makeAsyncIterator()
    await checks.next()
    counter.value = 1
    await checks.next()
    waiting.cancel()
    let error = await waiting.value
    #expect(error?.awaited == "the count to be 2")
    #expect(error?.seen == "the condition false after 1 change of what it reads")
  }

  @Test func aWaitInACancelledTaskThrowsAtOnce() async throws {
    let counter = Counter()
    let waiting = Task { () async -> TestWaitError? in
      withUnsafeCurrentTask { $0?.cancel() }
      do throws(TestWaitError) {
        try await waitUntil("the count to be 2") { counter.value == 2 }
        return nil
      } catch {
        return error
      }
    }
    let error = await waiting.value
    #expect(
      error?.description.hasPrefix("Cancelled while waiting for the count to be 2; saw the condition false") == true)
  }
}
