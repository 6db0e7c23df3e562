import Custody

/// An item of a fake product list.
struct Listing: Identifiable, Sendable, Equatable, CustomStringConvertible {
  let id: Int
  /// What a screen edits, as a user renames an item.
  var title: String

  init(id: Int) { self.init(id: id, title: "") }

  init(id: Int, title: String) {
    self.id = id
    self.title = title
  }

  var description: String { title.isEmpty ? "#\(id)" : "#\(id) \(title)" }
}

/// A page of listings with ids `ids`, followed by the page at `next`.
func page(_ ids: some Sequence<Int>, next: Int?) -> Page<Int, Listing, Void> {
  Page(items: ids.map(Listing.init(id:)), next: next)
}

extension PagerSnapshot where Item == Listing {
  /// The ids listed, in order.
  var ids: [Int] { pagedItems.map(\.id) }
  /// The title of the listed item `id`, or nil when it is not listed.
  func title(of id: Int) -> String? { pagedItems.first { $0.id == id }?.title }
}

/// A server that lists items by offset and can insert new items at the top between two
/// requests, which shifts every later offset by one: the way a real feed behaves.
final class OffsetServer: Sendable {
  private let list: LockedState<[Int]>
  let pageSize: Int

  init(ids: [Int], pageSize: Int) {
    list = LockedState(ids)
    self.pageSize = pageSize
  }

  func insertAtTop(_ id: Int) { list.withLock { $0.insert(id, at: 0) } }

  func page(at offset: Int) -> Page<Int, Listing, Void> {
    list.withLock { list in
      let end = min(offset + pageSize, list.count)
      return PagerFixtures.page(list[min(offset, end)..<end], next: end < list.count ? end : nil)
    }
  }
}

/// Namespaces the free `page` function where a method of the same name shadows it.
enum PagerFixtures {
  static func page(_ ids: some Sequence<Int>, next: Int?) -> Page<Int, Listing, Void> {
    Page(items: ids.map(Listing.init(id:)), next: next)
  }
}
