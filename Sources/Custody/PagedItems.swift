/// The items a ``Pager`` has listed, kept page by page: a random-access collection that every
/// snapshot of the list shares, so a page appended copies that page and not the list.
///
/// A ``PagerSnapshot`` holds its items as `PagedItems`. The pages are immutable and shared:
/// copying a value costs nothing, a snapshot kept by a screen never changes when the pager
/// appends another page, and the append does not copy what the screen keeps. Appending a page
/// costs time in the size of the page; reading an item by position walks a tree a few levels
/// deep (three for a million items in pages of 50), and iterating costs the same per item as an
/// array.
///
/// Read it where an array would be read: index it, count it, iterate it.
///
/// ```swift
/// let snapshot = try await pager.loadNext()
/// let list = snapshot.pagedItems
/// print("\(list.count) listed; the last is \(list.last?.title ?? "none")")
/// for product in list where product.stock == 0 { soldOut.insert(product.id) }
/// ```
///
/// ``PagerSnapshot/items`` gives the same items as one `[Item]`, made on first read.
public struct PagedItems<Item: Sendable>: Sendable {
  /// The pages, or nil when nothing is listed.
  let root: PageNode<Item>?
  /// The levels of branches above the pages: 0 when `root` is the one page.
  let height: Int
  /// The items as one array, made the first time ``PagerSnapshot/items`` reads them and shared
  /// by every copy of this value (which all hold the same items); nil while there is one page,
  /// which is that array already.
  private let flattened: LockedState<[Item]?>?

  /// Creates an empty list.
  public init() {
    self.init(root: nil, height: 0)
  }

  /// Creates a list of `items`, as one page.
  ///
  /// - Parameter items: The items in list order.
  public init(_ items: [Item]) {
    self.init(root: items.isEmpty ? nil : PageNode(page: items), height: 0)
  }

  private init(root: PageNode<Item>?, height: Int) {
    self.root = root
    self.height = height
    flattened = height > 0 ? LockedState(nil) : nil
  }

  /// The items as one array: the page itself while there is one page; else made once per
  /// value, in time linear in the items, then shared.
  var array: [Item] {
    guard let flattened else { return root?.items ?? [] }
    return flattened.withLock(delivering: false) { array in
      if let array { return array }
      var made: [Item] = []
      made.reserveCapacity(count)
      forEachPage { made.append(contentsOf: $0) }
      array = made
      return made
    }
  }

  /// Appends `page` after the last item, sharing every page before it. Costs time in the size
  /// of the page and the depth of the tree, never in the number of items listed.
  mutating func append(page: [Item]) {
    guard !page.isEmpty else { return }
    let leaf = PageNode(page: page)
    guard let root else {
      self = PagedItems(root: leaf, height: 0)
      return
    }
    guard height > 0 else {
      self = PagedItems(root: PageNode(branch: [root, leaf]), height: 1)
      return
    }
    let (node, overflow) = root.appending(leaf, height: height)
    if let overflow {
      self = PagedItems(root: PageNode(branch: [node, overflow]), height: height + 1)
    } else {
      self = PagedItems(root: node, height: height)
    }
  }

  /// Replaces the item at `index`, copying only the page that holds it.
  mutating func replace(at index: Int, with item: Item) {
    guard let root else { preconditionFailure("PagedItems: index \(index) out of range") }
    precondition(indices.contains(index), "PagedItems: index \(index) out of range")
    self = PagedItems(root: root.replacing(at: index, with: item, height: height), height: height)
  }

  /// Calls `body` with every page in order.
  func forEachPage(_ body: ([Item]) -> Void) {
    guard let root else { return }
    func visit(_ node: PageNode<Item>, height: Int) {
      if height == 0 { return body(node.items) }
      for child in node.children { visit(child, height: height - 1) }
    }
    visit(root, height: height)
  }
}

extension PagedItems: RandomAccessCollection, MutableCollection {
  public typealias Index = Int
  public typealias Indices = Range<Int>

  /// The position of the first item: always 0.
  public var startIndex: Int { 0 }
  /// The position after the last item: the number of items.
  public var endIndex: Int { count }
  /// The number of items, without walking them.
  public var count: Int { root?.count ?? 0 }
  /// Whether nothing is listed.
  public var isEmpty: Bool { root == nil }

  /// The item at `position`, found in time logarithmic in the number of pages. Setting it
  /// copies only the page that holds it: copies of this value made before keep the old item.
  public subscript(position: Int) -> Item {
    get {
      precondition(position >= 0 && position < count, "PagedItems: index \(position) out of range")
      return root!.item(at: position, height: height)
    }
    set { replace(at: position, with: newValue) }
  }

  /// Walks the pages in order, at an array's cost per item.
  public func makeIterator() -> Iterator { Iterator(self) }

  /// Walks the items of a ``PagedItems`` page by page.
  public struct Iterator: IteratorProtocol {
    /// The branches above the current page, from the root down, each with the position of the
    /// next child to visit.
    private var path: [(node: PageNode<Item>, next: Int)] = []
    private var page: [Item] = []
    private var position = 0
    private let height: Int

    init(_ items: PagedItems) {
      height = items.height
      guard let root = items.root else { return }
      descend(from: root, height: height)
    }

    /// Goes down the first children from `node`, `height` levels above its pages, to its first page.
    private mutating func descend(from node: PageNode<Item>, height: Int) {
      var node = node
      for _ in 0..<height {
        path.append((node, 1))
        node = node.children[0]
      }
      page = node.items
      position = 0
    }

    /// The next item, or nil after the last.
    public mutating func next() -> Item? {
      while position == page.count {
        guard let (node, next) = path.popLast() else { return nil }
        guard next < node.children.count else { continue }
        path.append((node, next + 1))
        // A child of the branch at depth `path.count - 1` is `height - path.count` above its pages.
        descend(from: node.children[next], height: height - path.count)
      }
      defer { position += 1 }
      return page[position]
    }
  }
}

@available(*, unavailable)
extension PagedItems.Iterator: Sendable {}

extension PagedItems: ExpressibleByArrayLiteral {
  /// Creates a list of the items written, as one page.
  public init(arrayLiteral items: Item...) {
    self.init(items)
  }
}

extension PagedItems: Equatable where Item: Equatable {
  /// Whether both lists hold equal items in the same order, however they were paged.
  public static func == (lhs: PagedItems, rhs: PagedItems) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.root === rhs.root { return true }
    return lhs.elementsEqual(rhs)
  }
}

extension PagedItems: Hashable where Item: Hashable {
  /// Hashes the items in order, as an array of them hashes: lists equal however they were
  /// paged hash alike.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for item in self { hasher.combine(item) }
  }
}

extension PagedItems: CustomStringConvertible {
  /// The items, written as an array's are.
  public var description: String { Array(self).description }
}
