/// One page of a paginated list, as the upstream returns it.
///
/// `next` is the cursor of the following page, or `nil` at the end of the list. A cursor can be
/// anything the upstream understands: an offset, a page number, an opaque token.
///
/// ```swift
/// let page = Page(items: reply.products, next: reply.skip + reply.products.count < reply.total
///   ? reply.skip + reply.products.count : nil)
/// ```
public struct Page<Cursor: Sendable, Item: Sendable>: Sendable {
  /// The items of this page, in list order.
  public var items: [Item]
  /// The cursor of the next page, or `nil` when this page is the last one.
  public var next: Cursor?

  /// Creates a page.
  public init(items: [Item], next: Cursor?) {
    self.items = items
    self.next = next
  }
}
