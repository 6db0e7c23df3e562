/// Gives each load of a screen an identity, so that only the newest load commits its result.
///
/// Starting a run cancels the run before it. Every caller learns how its own run ended —
/// completed, failed, superseded by a newer run, or cancelled — and commits only when its run
/// is still the current one. A slow first load that finishes after a quick refresh can then
/// never overwrite the refresh.
///
/// ```swift
/// @MainActor @Observable final class ProductsModel {
///   private(set) var state: LoadState<[Product]> = .idle
///   private let latest = LatestTask()
///
///   func refresh() async {
///     await latest.load(\.state, on: self) { try await service.products() }  // superseded: no change
///   }
///
///   func clear() {
///     latest.supersede()  // a load still running commits nothing
///     state = .idle
///   }
/// }
/// ```
///
/// The guarantees:
/// - A newer run supersedes an older one: the older is cancelled and reports
///   ``Outcome/superseded`` even when it finishes last, so its result is never committed.
/// - Cancellation is neutral: a run cancelled by ``cancel()`` or by its caller's task reports
///   ``Outcome/cancelled``, never ``Outcome/failed(_:)``.
@MainActor
public final class LatestTask {
  /// How a run ended, from the point of view of the screen that started it.
  public enum Outcome<Value: Sendable>: Sendable {
    /// The run is the current one and produced `value`: commit it.
    case completed(Value)
    /// The run is the current one and failed with `error`: show it.
    case failed(any Error)
    /// A newer run started: leave the screen to it.
    case superseded
    /// The run was cancelled: keep what the screen shows.
    case cancelled

    /// The value of a completed run.
    public var value: Value? {
      if case .completed(let value) = self { return value }
      return nil
    }
  }

  private var generation: UInt64 = 0
  var cancelCurrent: (@Sendable () -> Void)?
  let inspection: Inspection?

  /// Creates a helper with no run.
  ///
  /// - Parameters:
  ///   - name: The name inspectors show, such as "catalog list".
  ///   - inspector: Receives this helper's events (see ``OwnerInspector``): every run
  ///     ``OwnerEvent/Kind/started``; a run a newer one or ``supersede()`` replaces
  ///     ``OwnerEvent/Kind/detached``; and each run
  ///     ``OwnerEvent/Kind/finished`` as succeeded, failed, dropped
  ///     (superseded) or cancelled.
  public init(name: String? = nil, inspector: (any OwnerInspector)? = nil) {
    inspection = .unkeyed(.latestTask, name: name, inspector: inspector)
  }

  // A run of ``run(_:)`` keeps the helper alive while it runs; one of ``start(_:)`` ends here.
  deinit {
    cancelCurrent?()
  }

  /// Whether a run is in progress.
  public var isRunning: Bool { cancelCurrent != nil }

  /// Cancels the run in progress, if any; its caller gets ``Outcome/cancelled``.
  public func cancel() {
    cancelCurrent?()
  }

  /// Makes the run in progress, if any, no longer the current one, without starting another:
  /// it is cancelled and its caller gets ``Outcome/superseded``, so it commits nothing. Use it
  /// when the screen changes its state itself (a cleared search field) and a late result must
  /// not overwrite that.
  public func supersede() {
    guard cancelCurrent != nil else { return }
    inspection?.record(.detached(generation, .supersede))
    generation &+= 1
    cancelCurrent?()
    cancelCurrent = nil
  }

  /// Runs `change`, a change the screen makes to what it shows (a save), beside its loads: the
  /// run in progress when it starts, and any run started while it runs, are superseded (see
  /// ``supersede()``), so no load that may carry the value from before the change commits it.
  ///
  /// ```swift
  /// func save(_ changes: Changes) async throws {
  ///   let saved = try await latest.change { try await repository.save(changes) }
  ///   state.show(saved)  // a reload that ran meanwhile commits nothing over it
  /// }
  /// ```
  ///
  /// - Parameter change: The change; it runs on the main actor, where it may show a pending value.
  /// - Returns: What `change` returns.
  /// - Throws: What `change` throws.
  public func change<Value>(_ change: () async throws -> Value) async rethrows -> Value {
    supersede()
    defer { supersede() }
    return try await change()
  }

  /// Runs `operation` as the current run, cancelling the previous one.
  ///
  /// - Parameter operation: The work, run off the main actor. It is cancelled when a newer run
  ///   starts, when ``cancel()`` is called or when the calling task is cancelled.
  /// - Returns: How the run ended; commit only a `completed` or `failed` outcome.
  public func run<Value: Sendable>(
    _ operation: @escaping @Sendable @concurrent () async throws -> Value
  ) async -> Outcome<Value> {
    let mine = begin()
    let clock = inspection.map(FlightClock.init)
    let work = Task { () -> Result<Value, any Error> in
      do { return .success(try await operation()) } catch { return .failure(error) }
    }
    cancelCurrent = { work.cancel() }
    let result = await withTaskCancellationHandler {
      await work.value
    } onCancel: {
      work.cancel()
    }
    let outcome = self.outcome(of: work, result, isCurrent: mine == generation)
    if let inspection, let clock {
      inspection.record(.finished(mine, duration: clock.elapsed, outcome: outcome.inspected))
    }
    return outcome
  }

  /// Makes a new run the current one, cancelling the one before; returns its generation.
  func begin() -> UInt64 {
    if cancelCurrent != nil { inspection?.record(.detached(generation, .newerRun)) }
    generation &+= 1
    cancelCurrent?()
    cancelCurrent = nil
    inspection?.record(.started(generation, .run))
    return generation
  }

  /// The end of a started run: it is no longer running if it is still the current one.
  func end(_ run: UInt64, clock: FlightClock?) {
    let isCurrent = run == generation
    if isCurrent { cancelCurrent = nil }
    guard let inspection, let clock else { return }
    let outcome: OwnerEvent.Outcome = !isCurrent ? .dropped : Task.isCancelled ? .cancelled : .succeeded
    inspection.record(.finished(run, duration: clock.elapsed, outcome: outcome))
  }

  private func outcome<Value: Sendable>(
    of work: Task<Result<Value, any Error>, Never>, _ result: Result<Value, any Error>, isCurrent: Bool
  ) -> Outcome<Value> {
    guard isCurrent else {
      // A superseded result may be large; the task holds it too. Free both off the main actor.
      BackgroundRelease.release((work, result))
      return .superseded
    }
    cancelCurrent = nil
    switch result {
    case .success(let value) where !work.isCancelled:
      return .completed(value)
    case .success:
      BackgroundRelease.release((work, result))
      return .cancelled
    case .failure(let error):
      return work.isCancelled || FailureCategory(error).isCancellation ? .cancelled : .failed(error)
    }
  }
}

extension LatestTask.Outcome {
  /// The outcome as inspectors see it.
  var inspected: OwnerEvent.Outcome {
    switch self {
    case .completed: .succeeded
    case .failed(let error): .failed(FailureCategory(error))
    case .superseded: .dropped
    case .cancelled: .cancelled
    }
  }
}
