/// What a ``Pager`` has listed so far: the value a screen renders.
public struct PagerSnapshot<Item: Sendable>: Sendable {
  /// Every item listed so far, in list order, each at most once.
  public var items: [Item]
  /// Whether ``Pager/loadNext()`` would fetch another page.
  public var hasMore: Bool

  /// Creates a snapshot.
  public init(items: [Item], hasMore: Bool) {
    self.items = items
    self.hasMore = hasMore
  }
}

extension PagerSnapshot: Equatable where Item: Equatable {}
