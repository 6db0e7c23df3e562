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
  func firstAnswer() async throws -> Answer {
    try await wait { machine, waiterID, waiter in
      switch machine.loadFirst(waiterID, waiter) {
      case .atEnd: return .answer
      case .joined: return .none
      case .start(let id, let cursor): return .start(id, cursor, .nextPage, replacing: nil)
      }
    }
  }

  /// Lists `query`. The query listed now answers with its first page: at once when a page is
  /// listed, else from the fetch in flight or a new one. Another query empties the list and
  /// fetches its first page; the fetch it replaces is cancelled and its callers wait for the
  /// new first page instead.
  func list<Query: Hashable & Sendable>(
    _ query: Query, fetch: @escaping @Sendable (Query, Cursor) async throws -> Page<Cursor, Item, Info>
  ) async throws -> Answer {
    if let listed = self.query as? Query, listed == query { return try await firstAnswer() }
    return try await wait { machine, waiterID, waiter in
      // Only a caller that joins switches: one cancelled before it got here changes nothing.
      self.query = query
      self.fetch = { cursor in try await fetch(query, cursor) }
      switch machine.restart(waiterID, waiter) {
      case .joined: return .none
      case .start(let id, let cursor, let replacing):
        return .start(id, cursor, .refresh, replacing: replacing, emptied: true)
      }
    }
  }
}
