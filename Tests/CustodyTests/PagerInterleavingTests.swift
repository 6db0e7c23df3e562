import CustodyTesting
import Testing

@testable import Custody

/// Pager rules checked under every order in which suspended calls complete.
@Suite(.timeLimit(.minutes(3)))  // CPU-bound and slow under ThreadSanitizer: the limit catches a hang
struct PagerInterleavingTests {
  // P1 and cancellation: three callers share a fetch; they leave and the page arrives in every order.
  @Test func sharedFetchSurvivesEveryOrderOfCancellationsAndTheAnswer() async throws {
    let orders = try await InterleavingExplorer(steps: 4).explore { order in
      let fetch = ControlledOperation<Int, Page<Int, Listing, Void>>(onCancel: .ignore)
      let inspector = TestInspector()
      let pager = PlainPager<Int, Listing>(first: 0, inspector: inspector) { try await fetch($0) }
      let callers = (0..<3).map { _ in Task { try await pager.loadNext().ids } }
      try await inspector.waitForWaiters(3)
      let call = try await fetch.waitForCalls(1)[0]

      var answered = false
      for step in order {
        if step == 3 {
          call.resolve(page(1...3, next: 3))
          answered = true
          for (index, caller) in callers.enumerated() where !caller.isCancelled {
            try #require(await caller.ending == .value([1, 2, 3]), "caller \(index) after the answer")
          }
          continue
        }
        callers[step].cancel()
        let ending = await callers[step].ending
        try #require(ending == (answered ? .value([1, 2, 3]) : .cancelled), "caller \(step)")
      }
      let everyoneLeftFirst = order.last == 3
      try #require(call.isCancelled == everyoneLeftFirst, "the fetch is cancelled only when its last caller left")
      let listed = await pager.snapshot.ids
      try #require(listed == (everyoneLeftFirst ? [] : [1, 2, 3]), "a fetch nobody waited for never advances")
      try #require(fetch.callCount == 1)
    }
    #expect(orders == 24)
  }

  // P3: a next-page fetch, a refresh and a late caller complete in every order.
  @Test func aPageOfTheOldListIsNeverAppendedInAnyOrder() async throws {
    try await InterleavingExplorer(steps: 3).explore { order in
      let fetch = ControlledOperation<Int, Page<Int, Listing, Void>>(onCancel: .ignore)
      let inspector = TestInspector()
      let pager = PlainPager<Int, Listing>(first: 0, inspector: inspector) { try await fetch($0) }
      let first = Task { try await pager.loadNext() }
      try await fetch.waitForCalls(1)[0].resolve(page(1...3, next: 3))
      _ = try await first.value

      let more = Task { try await pager.loadNext().ids }
      let stale = try await fetch.waitForCalls(2)[1]
      let refreshing = Task { try await pager.refresh().ids }
      let fresh = try await fetch.waitForCalls(3)[2]

      var late: Task<[Int], any Error>?
      var expectedLate: [Int] = []
      for step in order {
        switch step {
        case 0:
          stale.resolve(page(4...6, next: 6))
          try await inspector.waitForRunningWork(atMost: fresh.isPending ? 1 : 0)
        case 1:
          fresh.resolve(page(10...12, next: 3))
          try #require(await refreshing.ending == .value([10, 11, 12]))
          try #require(await more.ending == .value([10, 11, 12]))
        default:
          let task = Task { try await pager.loadNext().ids }
          late = task
          if fresh.isPending {
            try await inspector.waitForWaiters(3)
            expectedLate = [10, 11, 12]
          } else {
            let next = try await fetch.waitForCalls(4)[3]
            try #require(next.input == 3)
            next.resolve(page(13...14, next: nil))
            expectedLate = [10, 11, 12, 13, 14]
          }
        }
        let listed = await pager.snapshot.ids
        try #require(!listed.contains(4), "a page fetched for the old list was appended: \(listed)")
        if fresh.isPending { try #require(listed == [1, 2, 3], "old items stay until the new first page") }
      }
      try #require(await late?.ending == .value(expectedLate))
      try #require(await pager.snapshot.ids == expectedLate)
    }
  }
}
