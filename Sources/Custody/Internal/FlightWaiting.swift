/// How a caller waits for shared work, for every coalescing owner: it hands the owner a stored
/// continuation to keep with the work, and, when its task is cancelled, it asks the owner to let
/// it go (see ``FlightExit``).
///
/// Stored continuations resumed from one loop cost time linear in the number of callers; a task
/// group of children that all await one `Task` costs quadratic time.
@usableFromInline
enum FlightWaiting {
  /// What the owner did with a caller that arrived.
  @frozen @usableFromInline
  struct Entry<Value> {
    /// The answer, when the caller does not wait (a hit, or it was cancelled before it joined).
    @usableFromInline var answer: Result<Value, any Error>?
    /// Work nobody waits for any more, to cancel once the owner's lock is released.
    @usableFromInline var orphan: Task<Void, Never>?

    @inlinable
    init(answer: Result<Value, any Error>? = nil, orphan: Task<Void, Never>? = nil) {
      self.answer = answer
      self.orphan = orphan
    }

    /// The caller's task was cancelled before it could join: it does not wait.
    @inlinable static var cancelled: Entry { Entry(answer: .failure(CancellationError())) }
  }

  /// Waits for shared work.
  ///
  /// - Parameters:
  ///   - join: Runs with the caller's continuation, where the owner's state is safe to change
  ///     (under its lock, or on its actor). It checks `Task.isCancelled` there, keeps the
  ///     continuation with the work (or answers at once) and says which. A caller that joins
  ///     running work raises it to its priority there, before the join is reported (see
  ///     ``PriorityEscalation``).
  ///   - leave: Runs when the caller's task is cancelled: it takes the caller out of the
  ///     owner's state and resumes it with `CancellationError` (see ``FlightExit``).
  @inlinable
  static func wait<Value: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    join: (CheckedContinuation<Value, any Error>) -> Entry<Value>, onCancel leave: @Sendable () -> Void
  ) async throws -> Value {
    try await withTaskCancellationHandler(
      operation: {
        // Naming `isolation` makes this closure isolated to it (SE-0420), so `join` runs on the
        // owner's actor. A closure that does not capture it is nonisolated: the continuation's
        // body would then run on the global executor, beside the actor. (The `isolation:`
        // arguments of Swift 6.0 would say it directly; SDKs older than that lack them.)
        _ = isolation
        return try await withCheckedThrowingContinuation { continuation in
          let entry = join(continuation)
          entry.orphan?.cancel()
          if let answer = entry.answer { continuation.resume(with: answer) }
        }
      }, onCancel: leave)
  }

  /// Runs `operation` in a task of its own, at `priority` (by default the caller's), and hands
  /// its result to `finish`, with how long it took on the owner's clock when it is inspected.
  @usableFromInline
  static func run<Value: Sendable>(
    timedBy inspection: Inspection?, priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable () async throws -> Value,
    then finish: @escaping @Sendable (Result<Value, any Error>, Duration?) -> Void
  ) -> Task<Void, Never> {
    Task(priority: priority) {
      let clock = inspection.map(FlightClock.init)
      let result: Result<Value, any Error>
      do { result = .success(try await operation()) } catch { result = .failure(error) }
      finish(result, clock?.elapsed)
    }
  }
}

extension FlightWaiting.Entry: Sendable where Value: Sendable {}
