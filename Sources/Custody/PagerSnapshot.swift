/// What a ``Pager`` has listed so far: the value a screen renders.
///
/// A snapshot keeps its items page by page in ``pagedItems``, shared with the pager and with
/// every other snapshot of the list: keeping a snapshot costs nothing, and it never changes when
/// the pager appends a page later. ``items`` is the same list as one array, for code that needs
/// an `[Item]`.
public struct PagerSnapshot<Item: Sendable, Info: Sendable>: Sendable {
  /// Every item listed so far, in list order, each at most once, kept by page.
  ///
  /// Index, count and iterate it as an array; it is what a screen that keeps the last snapshot
  /// should read, since appending the next page then copies that page and not the list.
  public var pagedItems: PagedItems<Item>
  /// Whether ``Pager/loadNext()`` would fetch another page.
  public var hasMore: Bool
  /// The ``Page/info`` of the last page kept, or `nil` before the first. A page that is dropped
  /// (fetched for a list that a refresh replaced) never changes it.
  public var info: Info?

  /// Every item listed so far, in list order, each at most once, as one array.
  ///
  /// The first read makes the array from ``pagedItems`` in time linear in the items, and the
  /// snapshot keeps it (as another copy of the items) for later reads of it and of its copies.
  /// Read ``pagedItems`` instead to index, count or iterate the items: it costs nothing.
  public var items: [Item] {
    get { pagedItems.array }
    set { pagedItems = PagedItems(newValue) }
  }

  /// Creates a snapshot.
  public init(items: [Item], hasMore: Bool, info: Info?) {
    self.init(pagedItems: PagedItems(items), hasMore: hasMore, info: info)
  }

  /// Creates a snapshot of items kept by page.
  public init(pagedItems: PagedItems<Item>, hasMore: Bool, info: Info?) {
    self.pagedItems = pagedItems
    self.hasMore = hasMore
    self.info = info
  }
}

extension PagerSnapshot where Info == Void {
  /// Creates a snapshot of a list whose pages carry no info.
  public init(items: [Item], hasMore: Bool) {
    self.init(items: items, hasMore: hasMore, info: nil)
  }

  /// Creates a snapshot of items kept by page, for a list whose pages carry no info.
  public init(pagedItems: PagedItems<Item>, hasMore: Bool) {
    self.init(pagedItems: pagedItems, hasMore: hasMore, info: nil)
  }
}

extension PagerSnapshot: Equatable where Item: Equatable, Info: Equatable {}
