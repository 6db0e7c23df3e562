extension Pager {
  /// Patches the listed item `id` in place, after the app saved an edit of it (a renamed
  /// product, a toggled favourite), without fetching the list again.
  ///
  /// The patch shows in ``snapshot`` at once. A page fetched before it and kept after it (the
  /// next page or a refresh in flight now) never undoes it: the patched item stands in for the
  /// page's copy, because a response fetched before the edit is older than the edit. A page
  /// fetched after the patch is kept as the server sent it, since the server has the edit by
  /// then; ``reset()`` and a refresh that completes drop the patches.
  ///
  /// ```swift
  /// try await api.rename(product.id, to: title)
  /// await pager.update(product.id) { $0.title = title }
  /// ```
  ///
  /// What is kept is the item `change` produced, not `change`: a page that comes back with the
  /// edit already in it (its request reached the server after the save) gets the same item,
  /// so a change such as `$0.isFavourite.toggle()` is never applied twice.
  ///
  /// - Parameters:
  ///   - id: The id of a listed item.
  ///   - change: Changes the pager's copy of the item. It runs on the pager and must keep the
  ///     item's id.
  /// - Returns: Whether an item `id` is listed. When none is, nothing changes and nothing is
  ///   kept: a page that lists it later shows it as the server sent it.
  @discardableResult
  public func update(_ id: Item.ID, _ change: @Sendable (inout Item) -> Void) -> Bool {
    guard machine.update(id, change) else { return false }
    publish()
    return true
  }

  /// Starts the list over with nothing listed, without fetching: the ``snapshot`` has no
  /// items, ``PagerSnapshot/hasMore`` is true and ``PagerSnapshot/info`` is nil, and the next
  /// ``loadNext()`` fetches the first page.
  ///
  /// For a list whose items no longer apply (the user signed out, or changed what the fetch
  /// lists). A fetch in flight, a next page or a refresh, is cancelled and its page is never
  /// kept. Its callers get `CancellationError`: the page they waited for will not come, and a
  /// screen treats a cancellation as neutral, where an empty list in its place would read as
  /// the page it asked for. The screen learns of the empty list from ``updates()``, or from the
  /// code that called `reset()`. Patches made with ``update(_:_:)`` are dropped.
  ///
  /// ```swift
  /// await pager.reset()
  /// let firstPage = try await pager.loadNext()
  /// ```
  public func reset() {
    if let (id, waiters) = machine.reset() {
      tasks.removeValue(forKey: id)?.cancel()
      inspection?.record(.detached(id, .reset))
      for waiter in waiters { waiter.resume(throwing: CancellationError()) }
    }
    publish()
  }

  /// A stream of the ``snapshot``: the current one first, then the snapshot after every change
  /// (a page appended, a refresh applied, ``update(_:_:)``, ``reset()``).
  ///
  /// A consumer that falls behind gets only the newest snapshot. Any number of screens can
  /// watch one pager; a stream ends when its consumer's task is cancelled or the pager is
  /// released, and leaves nothing behind.
  ///
  /// ```swift
  /// for await snapshot in await pager.updates() {
  ///   rows = snapshot.items
  /// }
  /// ```
  public func updates() -> AsyncStream<PagerSnapshot<Item, Info>> {
    observers.updates(startingWith: snapshot)
  }

  /// The number of fetches running now: 1 while a page (a next page, a refresh or a
  /// ``QueryPager``'s first page) is fetched, else 0.
  ///
  /// A fetch that was replaced or abandoned no longer counts, though its task may still be
  /// ending.
  public var inFlightCount: Int { tasks.count }

  /// The number of live ``updates()`` streams.
  public nonisolated var subscriberCount: Int { observers.subscriberCount }
}
