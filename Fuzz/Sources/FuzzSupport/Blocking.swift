import Dispatch

/// Runs `body` in a new task and blocks the calling (fuzzer) thread until it ends.
///
/// libFuzzer calls its entry point synchronously, one input at a time; the body checks its own
/// invariants and traps on a violation, so nothing crosses back to the caller.
public func runBlocking(_ body: @escaping @Sendable () async -> Void) {
  let done = DispatchSemaphore(value: 0)
  Task {
    await body()
    done.signal()
  }
  done.wait()
}
