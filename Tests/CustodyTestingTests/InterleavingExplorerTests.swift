import Custody
import CustodyTesting
import Testing

private struct Broken: Error {}

/// What a naive screen shows: whichever answer arrived last.
private final class Register: Sendable {
  let value = LockedState(0)
}

@Suite(.timeLimit(.minutes(1)))
struct InterleavingExplorerTests {
  @Test(arguments: 1...5)
  func exploresEveryOrderOnce(steps: Int) async throws {
    let seen = LockedState<Set<[Int]>>([])
    let count = try await InterleavingExplorer(steps: steps).explore { order in
      seen.withLock { _ = $0.insert(order) }
    }
    let factorial = (1...steps).reduce(1, *)
    #expect(count == factorial)
    #expect(seen.withLock { $0.count } == factorial)
    #expect(seen.withLock { $0.allSatisfy { $0.sorted() == Array(0..<steps) } })
  }

  @Test func reportsTheFirstOrderThatBreaksAnExpectation() async {
    let explorer = InterleavingExplorer(steps: 3)
    await #expect {
      try await explorer.explore { order in
        if order == [1, 2, 0] { throw Broken() }
      }
    } throws: { error in
      (error as? InterleavingError)?.order == [1, 2, 0] && (error as? InterleavingError)?.underlying is Broken
    }
  }

  @Test func findsALostUpdateThatOnlyOneOrderShows() async throws {
    // A last-writer-wins register: the answer of the older request must not win.
    let explorer = InterleavingExplorer(steps: 2)
    var failures: [[Int]] = []
    for order in explorer.orders {
      do {
        try await explorer.replay(order) { order in
          let fetch = ControlledOperation<Int, Int>()
          let shown = Register()
          let requests = (1...2).map { generation in
            Task {
              let value = try await fetch(generation)
              shown.value.withLock { $0 = value }
            }
          }
          let calls = try await fetch.waitForCalls(2)
          for step in order {
            let generation = step + 1
            calls.first { $0.input == generation }?.resolve(generation)
            try await requests[step].value
          }
          // A plain error, not `#require`: this scenario is expected to fail in one order.
          if shown.value.withLock({ $0 }) != 2 { throw Broken() }
        }
      } catch let failure as InterleavingError {
        failures.append(failure.order)
      }
    }
    #expect(failures == [[1, 0]], "the naive register loses the newer value only when the older answers last")
  }
}
