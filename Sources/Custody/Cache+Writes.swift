extension Cache {
  /// Writes through the cache: shows `change` at once as a layer over the cached value, runs
  /// `operation` (the request that makes the change on the server), commits its answer, and
  /// returns what the server saved and what readers see.
  ///
  /// While the write runs, every reader (``cachedValue(for:)``, ``value(for:)``, ``watch(_:)``,
  /// ``updates()``) sees the newest committed value with each pending write's change replayed
  /// over it, in the order the writes began. Two quick edits of one value therefore compose, and
  /// whichever finishes first, neither flickers away:
  ///
  /// - When `operation` succeeds, its answer becomes the committed value (winning over any load
  ///   that started before, as ``set(_:for:)`` does) and this write's layer goes; the layers of
  ///   writes still pending stay on top.
  /// - When it fails or the caller is cancelled, only this write's layer goes and its error is
  ///   thrown. Nothing is restored from a snapshot, so a value committed meanwhile stays.
  /// - A load that commits meanwhile replaces the value under the layers; the layers stay.
  /// - A caller already cancelled when it calls shows nothing and sends nothing.
  ///
  /// A write runs `operation` once, in the caller's task: it is never shared with another write
  /// or retried, since a request that changes something may not be safe to send twice. Each of
  /// `revalidations` runs once when the write settles, after a failure too (see
  /// ``CacheRevalidation/Trigger``).
  ///
  /// ```swift
  /// let edit = try await products.mutate(id, optimistically: { $0.isFavorite = true },
  ///   revalidating: [favorites.revalidation(of: user)]) { shown in
  ///   try await api.setFavorite(true, for: id)
  /// }
  /// screen.product = edit.shown
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key written.
  ///   - change: The change the write is expected to make, applied to the committed value
  ///     under the cache's lock: a quick, pure edit of its argument that does not use the
  ///     cache. `nil` shows nothing until the answer is committed.
  ///   - revalidations: What to revalidate once the write settles.
  ///   - trigger: Whether the revalidations run when the write settles (by default) or only
  ///     when it succeeds.
  ///   - operation: Makes the change on the server and returns the new value. It gets the
  ///     value readers see with this write's change, `nil` when none is held, to show at once.
  /// - Returns: The answer as the cache committed it, and what readers see now.
  /// - Throws: `operation`'s error, or `CancellationError` when the caller was cancelled first.
  @discardableResult
  public func mutate(
    _ key: Key, optimistically change: (@Sendable (inout Value) -> Void)? = nil,
    revalidating revalidations: [CacheRevalidation] = [], after trigger: CacheRevalidation.Trigger = .settled,
    operation: (_ shown: Value?) async throws -> Value
  ) async throws -> CacheMutation<Value> {
    try await mutate(
      key, optimistically: change, revalidating: revalidations, after: trigger, operation: operation,
      merge: { answer, _ in answer })
  }

  /// Writes through the cache, as ``mutate(_:optimistically:revalidating:after:operation:)``
  /// does, and commits `merge` of the server's answer into the committed value: for a server
  /// that answers with only part of the value, or with something else than the value.
  ///
  /// ```swift
  /// let edit = try await products.mutate(id, optimistically: { $0.price = 9.5 }) { shown in
  ///   if let shown { screen.product = shown }  // the edit, before the request goes out
  ///   return try await api.update(id, price: 9.5)  // answers with the changed fields only
  /// } merge: { answer, committed in
  ///   committed?.merging(answer) ?? Product(answer)
  /// }
  /// ```
  ///
  /// `merge` runs outside the cache's lock, so it may take its time. When a load commits a new
  /// value while it runs, it runs again over that value: it must be a pure function of its
  /// arguments.
  ///
  /// - Parameters:
  ///   - key: The key written.
  ///   - change: The change the write is expected to make; `nil` shows nothing until the
  ///     answer is committed.
  ///   - revalidations: What to revalidate once the write settles.
  ///   - trigger: Whether the revalidations run when the write settles (by default) or only
  ///     when it succeeds.
  ///   - operation: Makes the change on the server and returns its answer. It gets the value
  ///     readers see with this write's change, `nil` when none is held.
  ///   - merge: The value to commit from the answer and the value committed when the answer
  ///     came (`nil` when none was).
  /// - Returns: The merged answer as the cache committed it, and what readers see now.
  /// - Throws: `operation`'s error, or `CancellationError` when the caller was cancelled first.
  @discardableResult
  public func mutate<Answer>(
    _ key: Key, optimistically change: (@Sendable (inout Value) -> Void)? = nil,
    revalidating revalidations: [CacheRevalidation] = [], after trigger: CacheRevalidation.Trigger = .settled,
    operation: (_ shown: Value?) async throws -> Answer, merge: (Answer, _ committed: Value?) -> Value
  ) async throws -> CacheMutation<Value> {
    let begun = state.withLock { state -> (id: UInt64, shown: Value?)? in
      // A cancelled caller sends nothing, so it must not show anything either, even briefly.
      guard !Task.isCancelled else { return nil }
      let id = state.makeWriteID()
      state.addLayer(id, change: change, for: key)
      return (id, state.entries[key]?.value)
    }
    guard let begun else { throw CancellationError() }
    let answer: Answer
    do {
      answer = try await operation(begun.shown)
    } catch {
      state.withLock { $0.rollBack(begun.id, for: key) }
      if trigger == .settled { for revalidation in revalidations { revalidation.run() } }
      throw error
    }
    let result = commit(answer, of: begun.id, for: key, merge: merge)
    for revalidation in revalidations { revalidation.run() }
    return result
  }

  /// Commits the answer of write `id`, merged outside the lock into the committed value; the
  /// merge is made again if a load commits another value meanwhile.
  private func commit<Answer>(
    _ answer: Answer, of id: UInt64, for key: Key, merge: (Answer, Value?) -> Value
  ) -> CacheMutation<Value> {
    var base = state.withLock(delivering: false) { $0.mergeBase(of: key) }
    while true {
      let saved = merge(answer, base.value)
      let cost = self.cost(saved)
      let now = self.now()
      let step = state.withLock { state -> CommitStep in
        guard
          let committed = state.commitWrite(id, for: key, value: saved, mergedInto: base.revision, cost: cost, now: now)
        else { return .mergeAgain(state.mergeBase(of: key)) }
        return .committed(
          shown: committed.shown, cancel: [committed.orphan].compactMap { $0 } + state.takeDroppedPrefetches())
      }
      switch step {
      case .committed(let shown, let cancel):
        for task in cancel { task.cancel() }
        return CacheMutation(saved: saved, shown: shown)
      case .mergeAgain(let newBase):
        base = newBase
      }
    }
  }

  /// What became of a write's merged answer.
  private enum CommitStep {
    /// Committed: readers see `shown`; `cancel` holds the loads nobody waits for any more.
    case committed(shown: Value, cancel: [Task<Void, Never>])
    /// A load committed another base while the merge ran: merge again over this one.
    case mergeAgain((value: Value?, revision: UInt64?))
  }

  /// Writes through the cache as ``mutate(_:optimistically:revalidating:after:operation:)``
  /// does, and returns what readers see; its revalidations run only when it succeeds.
  ///
  /// Deprecated: `mutate` with `after: .success` does the same and also returns what the server
  /// saved. Read ``CacheMutation/shown`` for what this returned:
  ///
  /// ```swift
  /// let shown = try await products.mutate(id, optimistically: { $0.isFavorite = true }, after: .success) { _ in
  ///   try await api.setFavorite(true, for: id)
  /// }.shown
  /// ```
  ///
  /// Without `after: .success` the revalidations also run when the write fails, which is
  /// what most writes want (rule M7).
  ///
  /// - Parameters:
  ///   - key: The key written.
  ///   - change: The change the write is expected to make; `nil` shows nothing until the
  ///     answer is committed.
  ///   - revalidations: What to revalidate once the answer is committed.
  ///   - operation: Makes the change on the server and returns the new value.
  /// - Returns: The value readers now see: the answer, under the layers still pending.
  /// - Throws: `operation`'s error, or `CancellationError` when the caller was cancelled first.
  @available(
    *, deprecated,
    message:
      "use mutate(_:optimistically:revalidating:after: .success, operation: { _ in … }).shown; without after: .success the revalidations also run when the write fails"
  )
  @discardableResult
  public func write(
    _ key: Key, optimistically change: (@Sendable (inout Value) -> Void)? = nil,
    revalidating revalidations: [CacheRevalidation] = [], operation: () async throws -> Value
  ) async throws -> Value {
    try await mutate(
      key, optimistically: change, revalidating: revalidations, after: .success,
      operation: { _ in try await operation() }
    ).shown
  }

  /// Writes through the cache as ``mutate(_:optimistically:revalidating:after:operation:merge:)``
  /// does, and returns what readers see; its revalidations run only when it succeeds.
  ///
  /// Deprecated: `mutate` with `after: .success` does the same and also returns the merged value
  /// it saved. Read ``CacheMutation/shown`` for what this returned:
  ///
  /// ```swift
  /// let shown = try await products.mutate(id, optimistically: { $0.price = 9.5 }, after: .success) { _ in
  ///   try await api.update(id, price: 9.5)  // answers with the changed fields only
  /// } merge: { answer, committed in
  ///   committed?.merging(answer) ?? Product(answer)
  /// }.shown
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key written.
  ///   - change: The change the write is expected to make; `nil` shows nothing until the
  ///     answer is committed.
  ///   - revalidations: What to revalidate once the answer is committed.
  ///   - operation: Makes the change on the server and returns its answer.
  ///   - merge: The value to commit from the answer and the value committed when the answer
  ///     came (`nil` when none was); it runs outside the cache's lock, again if a load commits
  ///     meanwhile, so it must be a pure function of its arguments.
  /// - Returns: The value readers now see: the merged answer, under the layers still pending.
  /// - Throws: `operation`'s error, or `CancellationError` when the caller was cancelled first.
  @available(
    *, deprecated,
    message:
      "use mutate(_:optimistically:revalidating:after: .success, operation: { _ in … }, merge:).shown; without after: .success the revalidations also run when the write fails"
  )
  @discardableResult
  public func write<Answer>(
    _ key: Key, optimistically change: (@Sendable (inout Value) -> Void)? = nil,
    revalidating revalidations: [CacheRevalidation] = [], operation: () async throws -> Answer,
    merge: (Answer, _ committed: Value?) -> Value
  ) async throws -> Value {
    try await mutate(
      key, optimistically: change, revalidating: revalidations, after: .success,
      operation: { _ in try await operation() }, merge: merge
    ).shown
  }
}
