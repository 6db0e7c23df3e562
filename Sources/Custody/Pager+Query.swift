// What a `QueryPager` asks of the pager it drives: answers that carry their age and query, and
// switching the list to another query.
extension Pager {
  /// A snapshot as a caller is answered with it.
  struct Answer: Sendable {
    var snapshot: PagerSnapshot<Item, Info>
    /// The pager's ``revision`` when it was taken: a larger one is newer.
    var revision: UInt64
    /// The query the snapshot lists, when a ``QueryPager`` drives the pager.
    var query: (any Sendable)?
  }

  /// The query listed, as the type a ``QueryPager`` gave it.
  func listedQuery<Query: Sendable>(as type: Query.Type) -> Query? {
    query as? Query
  }

  /// The current answer, without fetching.
  func currentAnswer() -> Answer { answer }

  /// The first page of the list: at once when a page is listed, else from the fetch in flight
  /// or a new one.
  nonisolated func firstAnswer() async throws -> Answer {
    try await wait { pager, waiterID, waiter in pager.firstStep(waiterID, waiter) }
  }

  private func firstStep(_ waiterID: UInt64, _ waiter: Waiter) -> Step {
    switch machine.loadFirst(waiterID, waiter) {
    case .atEnd: return .answer
    case .joined: return .none
    case .start(let id, let cursor): return .start(id, cursor, .nextPage, replacing: nil)
    }
  }

  /// Lists `query`. The query listed now answers with its first page: at once when a page is
  /// listed, else from the fetch in flight or a new one. Another query empties the list and
  /// fetches its first page; the fetch it replaces is cancelled and its callers wait for the
  /// new first page instead.
  nonisolated func list<Query: Hashable & Sendable>(
    _ query: Query, fetch: @escaping @Sendable (Query, Cursor) async throws -> Page<Cursor, Item, Info>
  ) async throws -> Answer {
    try await wait { pager, waiterID, waiter in
      if let listed = pager.query as? Query, listed == query { return pager.firstStep(waiterID, waiter) }
      // Only a caller that joins switches: one cancelled before it got here changes nothing.
      pager.query = query
      pager.fetch = { cursor in try await fetch(query, cursor) }
      switch pager.machine.restart(waiterID, waiter) {
      case .joined: return .none
      case .start(let id, let cursor, let replacing):
        return .start(id, cursor, .refresh, replacing: replacing, emptied: true)
      }
    }
  }
}
