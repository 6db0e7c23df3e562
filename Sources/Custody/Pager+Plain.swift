/// A pager whose pages carry nothing beside their items and cursor: `Pager<Cursor, Item, Void>`
/// without the `Void`.
///
/// It is a ``Pager``, with all of its rules and requests: ``Pager/update(_:_:)``,
/// ``Pager/reset()`` and ``Pager/updates()`` included.
///
/// ```swift
/// let feed = PlainPager<Int, Product>(first: 0) { offset in
///   let reply = try await api.products(skip: offset)
///   return Page(items: reply.products, next: reply.hasMore ? offset + reply.products.count : nil)
/// }
/// ```
public typealias PlainPager<Cursor: Sendable, Item: Identifiable & Sendable> = Pager<Cursor, Item, Void>
where Item.ID: Sendable
