/// What a ``Pager`` has listed so far: the value a screen renders.
public struct PagerSnapshot<Item: Sendable, Info: Sendable>: Sendable {
  /// Every item listed so far, in list order, each at most once.
  public var items: [Item]
  /// Whether ``Pager/loadNext()`` would fetch another page.
  public var hasMore: Bool
  /// The ``Page/info`` of the last page kept, or `nil` before the first. A page that is dropped
  /// (fetched for a list that a refresh replaced) never changes it.
  public var info: Info?

  /// Creates a snapshot.
  public init(items: [Item], hasMore: Bool, info: Info?) {
    self.items = items
    self.hasMore = hasMore
    self.info = info
  }
}

extension PagerSnapshot where Info == Void {
  /// Creates a snapshot of a list whose pages carry no info.
  public init(items: [Item], hasMore: Bool) {
    self.init(items: items, hasMore: hasMore, info: nil)
  }
}

extension PagerSnapshot: Equatable where Item: Equatable, Info: Equatable {}
