import CustodyTesting
import Testing

@testable import Custody

/// M2–M5 under every completion order of three concurrent writes to one key and one refresh.
@Suite(.timeLimit(.minutes(3)))  // CPU-bound and slow under ThreadSanitizer: the limit catches a hang
struct CacheWriteInterleavingTests {
  @Test(arguments: [nil, 0, 1, 2])
  func threeWritesAndARefreshAgreeInEveryOrder(failing: Int?) async throws {
    let edits = ["a", "b", "c"]
    let explored = try await InterleavingExplorer(steps: 4).explore { order in
      let server = ControlledOperation<String, [String]>()
      let fetch = ControlledOperation<Int, [String]>()
      let cache = Cache<Int, [String]>(clock: TestClock())
      cache.set(["base"], for: 1)
      let refreshing = Task { try await cache.refresh(1) { try await fetch(1) } }
      let refresh = try await fetch.waitForCalls(1)[0]
      var writes: [Task<[String], any Error>] = []
      var calls: [ControlledOperation<String, [String]>.Call] = []
      for (index, edit) in edits.enumerated() {
        writes.append(
          Task {
            try await cache.deprecated.write(1, optimistically: { $0.append(edit) }, revalidating: []) {
              try await server(edit)
            }
          })
        calls.append(try await server.waitForCalls(index + 1)[index])
      }
      var base = ["base"]
      var pending = [0, 1, 2]
      var refreshCommits = true  // until a write commits, which wins over the earlier refresh (C5)
      var screen = cache.deprecated.updates(for: 1).makeAsyncIterator()
      var shown = await screen.next() ?? nil
      for step in order {
        if step == 3 {
          refresh.resolve(["refreshed"])
          _ = try await refreshing.value
          if refreshCommits { base = ["refreshed"] }
        } else if step == failing {
          calls[step].fail(UpstreamError(code: step))
          _ = await writes[step].result
          pending.removeAll { $0 == step }
        } else {
          calls[step].resolve(["saved \(edits[step])"])
          _ = try await writes[step].value
          pending.removeAll { $0 == step }
          base = ["saved \(edits[step])"]
          refreshCommits = false
        }
        let expected = base + pending.map { edits[$0] }
        try #require(cache.cachedValue(for: 1) == expected)
        // A screen reads only when something changed: a stream keeps the newest value.
        if expected != shown { shown = await screen.next() ?? nil }
        try #require(shown == expected, "a screen sees every pending edit")
      }
      try #require(server.callCount == 3, "no write is sent twice")
    }
    #expect(explored == 24)
  }
}
