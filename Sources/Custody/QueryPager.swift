/// A paginated list whose query can change: a sort order, a search text, a category.
///
/// A screen that lists one query and lets its user switch to another (sort by price, search for
/// "phone") would otherwise make a new ``Pager`` per query and keep track of which one its
/// answers came from. A query pager switches in place: ``setQuery(_:)`` supersedes every load of
/// the query listed before and lists the new one from its first page, and each answer says
/// which query it lists.
///
/// ```swift
/// let catalog = QueryPager<ProductSort, Int, Product, Int>(query: .byID, first: 0) { sort, skip in
///   let reply = try await api.products(sortedBy: sort, limit: 30, skip: skip)
///   let end = reply.skip + reply.products.count >= reply.total
///   return Page(items: reply.products, next: end ? nil : reply.skip + reply.products.count, info: reply.total)
/// }
/// var listing = try await catalog.setQuery(.byID)   // the first page
/// listing = try await catalog.loadNext()            // the next page of the same query
/// listing = try await catalog.setQuery(.byPrice)    // the first page in price order
/// print(listing.query, listing.pagedItems.count)
/// ```
///
/// The rules:
/// - Every ``Pager`` rule (P1–P6) holds for the query listed: concurrent ``loadNext()`` calls
///   share one fetch, a failed fetch does not advance, ``refresh()`` starts the query over, the
///   end of the list fetches nothing, items are listed once, and ``Pager/update(_:_:)`` patches
///   survive a page fetched before them.
/// - ``setQuery(_:)`` with another query empties the list at once (``Pager/updates()`` streams
///   the empty snapshot) and fetches the new query's first page. A fetch for the earlier query
///   is cancelled and its page never kept. Its callers, and the callers of any query switched
///   through since, are not failed: they wait on and get the newest query's first page (or its
///   error), as a next page's callers get the new first page when a refresh replaces it. Read
///   ``Listing/query`` to tell which query an answer lists.
/// - ``setQuery(_:)`` with the query listed now fetches nothing when a page is listed; it
///   answers from the fetch in flight, or fetches the first page when none was kept.
/// - Answers are delivered in order: an answer that reaches its caller after a newer answer
///   reached another caller of this pager is the newer one, so a screen that assigns every
///   answer never goes back to an older list or an earlier query.
/// - A caller whose task is cancelled stops waiting with `CancellationError` (cancelled before
///   its switch began, its ``setQuery(_:)`` changes nothing); ``Pager/reset()`` fails the callers
///   waiting with `CancellationError`.
///
/// Patching, resetting, watching and counting go through ``pager``, the ``Pager`` that holds the
/// list of the query listed now.
///
/// A screen can hold its query pager on the main actor: an answer that replaces the one before
/// it, and the pages of a query pager whose last copy goes away there, are freed off the main
/// actor (see ``BackgroundRelease``), so thousands of items never stall it.
public struct QueryPager<
  Query: Hashable & Sendable, Cursor: Sendable, Item: Identifiable & Sendable, Info: Sendable
>: Sendable where Item.ID: Sendable {
  /// Fetches the page of `query` at a cursor.
  public typealias Fetch = @Sendable (Query, Cursor) async throws -> Page<Cursor, Item, Info>

  /// What a query pager lists: the query and the snapshot of its list.
  public struct Listing: Sendable {
    /// The query the items are listed for.
    public var query: Query
    /// The items listed for ``query`` so far, whether there are more, and the last page's info.
    public var snapshot: PagerSnapshot<Item, Info>

    /// Creates a listing.
    public init(query: Query, snapshot: PagerSnapshot<Item, Info>) {
      self.query = query
      self.snapshot = snapshot
    }

    /// The items listed for ``query`` so far, in list order, as one array (see
    /// ``PagerSnapshot/items``: made on first read, in time linear in the items).
    public var items: [Item] { snapshot.items }
    /// The items listed for ``query`` so far, in list order, kept by page and shared with every
    /// other listing (see ``PagerSnapshot/pagedItems``).
    public var pagedItems: PagedItems<Item> { snapshot.pagedItems }
    /// Whether ``QueryPager/loadNext()`` would fetch another page of ``query``.
    public var hasMore: Bool { snapshot.hasMore }
    /// The ``Page/info`` of the last page kept for ``query``.
    public var info: Info? { snapshot.info }
  }

  /// The pager of the list: ``Pager/snapshot``, ``Pager/update(_:_:)``, ``Pager/reset()``,
  /// ``Pager/updates()``, ``Pager/inFlightCount`` and ``Pager/subscriberCount`` act on the query
  /// listed now.
  public let pager: Pager<Cursor, Item, Info>
  private let fetch: Fetch
  private let storage: Storage

  /// Creates a query pager that lists `query` and has fetched nothing yet.
  ///
  /// - Parameters:
  ///   - query: The query listed first.
  ///   - first: The cursor of the first page of every query.
  ///   - name: The name inspectors show, such as "catalog".
  ///   - inspector: Receives the events of ``pager`` (see ``Pager/init(first:name:inspector:fetch:)``);
  ///     a switch of query reads as a refresh: the replaced fetch ``OwnerEvent/Kind/detached``
  ///     (``OwnerEvent/Reason/refresh``), the first page ``OwnerEvent/Kind/started``.
  ///   - fetch: Fetches one page of a query. It runs in a task of the pager's own, cancelled
  ///     when every caller waiting for it was cancelled, when a refresh or another query replaces
  ///     it, or on ``Pager/reset()``.
  public init(
    query: Query, first: Cursor, name: String? = nil, inspector: (any OwnerInspector)? = nil,
    fetch: @escaping Fetch
  ) {
    self.fetch = fetch
    let pager = Pager<Cursor, Item, Info>(first: first, name: name, inspector: inspector, query: query) { cursor in
      try await fetch(query, cursor)
    }
    self.pager = pager
    storage = Storage(pager)
  }

  /// The query listed: the one asked for last.
  public var query: Query {
    get async { await listing.query }
  }

  /// What is listed now, without fetching.
  public var listing: Listing {
    get async { delivered(await pager.currentAnswer()) }
  }

  /// Lists `query` from its first page and returns it.
  ///
  /// Another query than the one listed empties the list and fetches the new query's first page;
  /// the earlier query's fetch in flight is cancelled, and its callers get this first page. The
  /// query listed now answers at once when a page is listed, else with its first page.
  ///
  /// - Returns: The newest listing, once the first page of `query` (or of a query asked for
  ///   after it) is listed.
  /// - Throws: The fetch's error (the list stays empty; ``loadNext()`` asks for the first page
  ///   again), or `CancellationError` when the calling task is cancelled or
  ///   ``Pager/reset()`` cancelled the fetch.
  public func setQuery(_ query: Query) async throws -> Listing {
    delivered(try await pager.list(query, fetch: fetch))
  }

  /// The query listed now from its first page: at once when a page is listed, else once the
  /// fetch in flight or a new one brings it. For a screen that appears again, which keeps every
  /// page it loaded.
  ///
  /// - Returns: The newest listing.
  /// - Throws: The fetch's error, or `CancellationError` when the calling task is cancelled or
  ///   ``Pager/reset()`` cancelled the fetch.
  public func loadFirstPage() async throws -> Listing {
    delivered(try await pager.firstAnswer())
  }

  /// Fetches the next page of the query listed and returns everything listed so far (see
  /// ``Pager/loadNext()``).
  ///
  /// - Returns: The newest listing, with the new page appended; the first page of another
  ///   query when ``setQuery(_:)`` switched meanwhile.
  /// - Throws: The fetch's error (nothing changes; the next call retries the same cursor), or
  ///   `CancellationError` when the calling task is cancelled or ``Pager/reset()`` cancelled the
  ///   fetch.
  public func loadNext() async throws -> Listing {
    delivered(try await pager.nextAnswer())
  }

  /// Starts the query listed over from its first page (see ``Pager/refresh()``).
  ///
  /// - Returns: The newest listing, once the new first page replaced the old list.
  /// - Throws: The fetch's error (the old list stays), or `CancellationError` when the calling
  ///   task is cancelled or ``Pager/reset()`` cancelled the fetch.
  public func refresh() async throws -> Listing {
    delivered(try await pager.refreshAnswer())
  }

  /// Runs on the caller's executor, in the job that goes on to use the answer.
  private func delivered(_ answer: Pager<Cursor, Item, Info>.Answer) -> Listing {
    guard let query = answer.query as? Query else { preconditionFailure("A QueryPager's pager lists its queries") }
    return storage.delivery.deliver(Listing(query: query, snapshot: answer.snapshot), revision: answer.revision)
  }

  /// What every copy of a query pager shares; the last copy to go frees it off its actor.
  private final class Storage: Sendable {
    let pager: Pager<Cursor, Item, Info>
    let delivery = InOrderDelivery<Listing>()

    init(_ pager: Pager<Cursor, Item, Info>) { self.pager = pager }

    deinit {
      delivery.releaseNewest()
      BackgroundRelease.release(pager)  // its pages may be the last copies of thousands of items
    }
  }
}

extension QueryPager.Listing: Equatable where Item: Equatable, Info: Equatable {}
