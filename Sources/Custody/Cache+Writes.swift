extension Cache {
  /// Writes through the cache: shows `change` at once as a layer over the cached value, runs
  /// `operation` (the request that makes the change on the server), and commits its answer.
  ///
  /// While the write runs, every reader (``cachedValue(for:)``, ``value(for:load:)``,
  /// ``updates(for:)``) sees the newest committed value with each pending write's change
  /// replayed over it, in the order the writes began. Two quick edits of one value therefore
  /// compose, and whichever finishes first, neither flickers away:
  ///
  /// - When `operation` succeeds, its answer becomes the committed value (winning over any load
  ///   that started before, as ``set(_:for:)`` does) and this write's layer goes; the layers of
  ///   writes still pending stay on top.
  /// - When it fails or the caller is cancelled, only this write's layer goes and its error is
  ///   thrown. Nothing is restored from a snapshot, so a value committed meanwhile stays.
  /// - A load that commits meanwhile replaces the value under the layers; the layers stay.
  ///
  /// A write runs `operation` once, in the caller's task: it is never shared with another write
  /// or retried, since a request that changes something may not be safe to send twice. On
  /// success, each of `revalidations` runs once (see ``revalidation(of:)``).
  ///
  /// ```swift
  /// let saved = try await products.write(id, optimistically: { $0.isFavorite = true },
  ///   revalidating: [searches.revalidation(where: { _ in true })]) {
  ///   try await api.setFavorite(true, for: id)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key written.
  ///   - change: The change the write is expected to make, applied to the committed value
  ///     under the cache's lock: a quick, pure edit of its argument that does not use the
  ///     cache. `nil` shows nothing until the answer is committed.
  ///   - revalidations: What to revalidate once the answer is committed.
  ///   - operation: Makes the change on the server and returns the new value.
  /// - Returns: The value readers now see: the answer, under the layers still pending.
  /// - Throws: `operation`'s error, or `CancellationError` when the caller was cancelled first.
  @discardableResult
  public func write(
    _ key: Key, optimistically change: (@Sendable (inout Value) -> Void)? = nil,
    revalidating revalidations: [CacheRevalidation] = [], operation: () async throws -> Value
  ) async throws -> Value {
    try await write(
      key, optimistically: change, revalidating: revalidations, operation: operation, merge: { answer, _ in answer })
  }

  /// Writes through the cache, as ``write(_:optimistically:revalidating:operation:)`` does, and
  /// commits `merge` of the server's answer into the committed value: for a server that
  /// answers with only part of the value, or with something else than the value.
  ///
  /// ```swift
  /// let saved = try await products.write(id, optimistically: { $0.price = 9.5 }) {
  ///   try await api.update(id, price: 9.5)  // answers with the changed fields only
  /// } merge: { answer, committed in
  ///   committed?.merging(answer) ?? Product(answer)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key written.
  ///   - change: The change the write is expected to make, as for
  ///     ``write(_:optimistically:revalidating:operation:)``; `nil` shows nothing until the
  ///     answer is committed.
  ///   - revalidations: What to revalidate once the answer is committed.
  ///   - operation: Makes the change on the server and returns its answer.
  ///   - merge: The value to commit from the answer and the value committed when the answer
  ///     came (`nil` when none was); runs under the cache's lock, so it must not use the cache.
  /// - Returns: The value readers now see: the merged answer, under the layers still pending.
  /// - Throws: `operation`'s error, or `CancellationError` when the caller was cancelled first.
  @discardableResult
  public func write<Answer>(
    _ key: Key, optimistically change: (@Sendable (inout Value) -> Void)? = nil,
    revalidating revalidations: [CacheRevalidation] = [], operation: () async throws -> Answer,
    merge: (Answer, _ committed: Value?) -> Value
  ) async throws -> Value {
    let id = state.withLock { state in
      let id = state.makeWriteID()
      state.addLayer(id, change: change, for: key)
      return id
    }
    let answer: Answer
    do {
      try Task.checkCancellation()
      answer = try await operation()
    } catch {
      state.withLock { $0.rollBack(id, for: key) }
      throw error
    }
    let now = self.now()
    let (shown, orphan, dropped) = state.withLock { state in
      let (shown, orphan) = state.commitWrite(id, for: key, merge: { merge(answer, $0) }, cost: cost, now: now)
      return (shown, orphan, state.takeDroppedPrefetches())
    }
    orphan?.cancel()
    for prefetch in dropped { prefetch.cancel() }
    for revalidation in revalidations { revalidation.run() }
    return shown
  }
}
