/// One page of a paginated list, as the upstream returns it.
///
/// `next` is the cursor of the following page, or `nil` at the end of the list. A cursor can be
/// anything the upstream understands: an offset, a page number, an opaque token. `info` is
/// whatever else the page says about the whole list (a total, a server's cursor for the next
/// refresh); ``PagerSnapshot/info`` carries the info of the last page that was kept.
///
/// ```swift
/// let end = reply.skip + reply.products.count >= reply.total
/// let page = Page(items: reply.products, next: end ? nil : reply.skip + reply.products.count, info: reply.total)
/// ```
public struct Page<Cursor: Sendable, Item: Sendable, Info: Sendable>: Sendable {
  /// The items of this page, in list order.
  public var items: [Item]
  /// The cursor of the next page, or `nil` when this page is the last one.
  public var next: Cursor?
  /// What the page says about the whole list.
  public var info: Info

  /// Creates a page.
  public init(items: [Item], next: Cursor?, info: Info) {
    self.items = items
    self.next = next
    self.info = info
  }
}

extension Page where Info == Void {
  /// Creates a page that carries nothing beyond its items.
  public init(items: [Item], next: Cursor?) {
    self.init(items: items, next: next, info: ())
  }
}
