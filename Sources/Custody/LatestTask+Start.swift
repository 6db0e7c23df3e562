extension LatestTask {
  /// Starts `work` as the current run and returns at once, for callbacks that cannot wait
  /// (UIKit's `viewWillAppear`, a table delegate's `willDisplay`).
  ///
  /// The run before it is cancelled, as ``run(_:)`` cancels it, and this one is in turn by the
  /// next run or start, by ``cancel()`` or ``supersede()``, and when the helper itself is
  /// released, so a screen that keeps a `LatestTask` per duty keeps no `Task` of its own:
  ///
  /// ```swift
  /// private let appearance = LatestTask(name: "catalog appearance")
  ///
  /// func viewWillAppear() { appearance.start { await self.model.start() } }
  /// func viewDidDisappear() { appearance.cancel() }  // a first load not finished is abandoned
  /// ```
  ///
  /// `work` runs on the main actor and handles its own outcome: a cancelled `work` is told by
  /// `Task.isCancelled` and by the cancellation errors of what it awaits.
  ///
  /// - Parameter work: The work; it is cancelled as said above.
  public func start(_ work: @escaping @MainActor () async -> Void) {
    let mine = begin()
    let clock = inspection.map(FlightClock.init)
    let task = Task { @MainActor [weak self] in
      await work()
      self?.end(mine, clock: clock)
    }
    cancelCurrent = { task.cancel() }
  }
}
