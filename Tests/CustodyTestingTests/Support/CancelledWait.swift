import CustodyTesting

/// Starts `wait` in a task of its own, which returns what the wait threw, or nil when it
/// returned.
func startWait(_ wait: @escaping @Sendable () async throws(TestWaitError) -> Void) -> Task<TestWaitError?, Never> {
  Task {
    do throws(TestWaitError) {
      try await wait()
      return nil
    } catch {
      return error
    }
  }
}

/// Runs `wait` in a task, cancels the task once `started` says the wait is pending, and returns
/// what the wait threw, or nil when it returned.
func cancelWhilePending(
  _ wait: @escaping @Sendable () async throws(TestWaitError) -> Void,
  once started: () async throws -> Void
) async throws -> TestWaitError? {
  let waiting = startWait(wait)
  try await started()
  waiting.cancel()
  return await waiting.value
}

/// Runs `wait` in a task that is cancelled before the wait starts, and returns what the wait
/// threw, or nil when it returned.
func waitCancelledFirst(_ wait: @escaping @Sendable () async throws(TestWaitError) -> Void) async -> TestWaitError? {
  await startWait { () async throws(TestWaitError) in
    withUnsafeCurrentTask { $0?.cancel() }
    try await wait()
  }.value
}

/// Cancels `waiting` while `satisfy` brings about what it waits for, from two tasks started in
/// the order `cancelFirst` says, and returns what the wait threw, or nil when it returned.
///
/// The two tasks run on the pool's threads at once, so either may win; a caller alternates the
/// order to see both outcomes.
func raceCancellation(
  of waiting: Task<TestWaitError?, Never>, cancelFirst: Bool, against satisfy: @escaping @Sendable () -> Void
) async -> TestWaitError? {
  let first = Task { if cancelFirst { waiting.cancel() } else { satisfy() } }
  let second = Task { if cancelFirst { satisfy() } else { waiting.cancel() } }
  let error = await waiting.value
  await first.value
  await second.value
  return error
}

extension TestWaitError? {
  /// The message a cancelled wait gives, or a note that the wait did not throw.
  var message: String { map(\.description) ?? "the wait returned" }
}
