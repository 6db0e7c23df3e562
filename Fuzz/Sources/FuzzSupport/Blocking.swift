import Dispatch

/// Runs `body` in a new task and blocks the calling (fuzzer) thread until it ends.
///
/// libFuzzer calls its entry point synchronously, one input at a time; the body checks its own
/// invariants and traps on a violation, so nothing crosses back to the caller.
///
/// The task lets go of `body`, and of the input it captured, before it signals: a task is freed
/// a moment after its last instruction, on its own thread, and LeakSanitizer, checking between
/// inputs, would find the input still held there through a pointer it cannot read (a `Data`
/// keeps its storage in an enum payload) and report it as leaked.
public func runBlocking(_ body: @escaping @Sendable () async -> Void) {
  let done = DispatchSemaphore(value: 0)
  let work = Work(body)
  Task {
    await work.run()
    done.signal()
  }
  done.wait()
}

/// `body`, released as soon as it has run.
private final class Work: @unchecked Sendable {
  // Set before the task starts and cleared by it alone: the task's creation orders the two.
  private var body: (@Sendable () async -> Void)?

  init(_ body: @escaping @Sendable () async -> Void) {
    self.body = body
  }

  func run() async {
    guard let body else { return }
    self.body = nil
    await body()
  }
}
