/// A node of the tree that holds ``PagedItems``: a page of items as it was appended, or a branch
/// of up to ``fanOut`` nodes of one height.
///
/// Nodes never change once made. Appending a page or replacing an item makes new nodes along
/// the path to it and shares every other node with the tree it came from, so a snapshot taken
/// before stays as it was and costs nothing to keep.
final class PageNode<Item: Sendable>: Sendable {
  /// The most children a branch has: a million items in pages of 50 are three branches deep.
  static var fanOut: Int { 32 }

  /// A page's items; empty in a branch.
  let items: [Item]
  /// A branch's children, all of one height; empty in a page.
  let children: [PageNode]
  /// `ends[k]` is the number of items in `children[0...k]`.
  let ends: [Int]

  init(page items: [Item]) {
    self.items = items
    children = []
    ends = []
  }

  init(branch children: [PageNode]) {
    var ends: [Int] = []
    ends.reserveCapacity(children.count)
    var total = 0
    for child in children {
      total += child.count
      ends.append(total)
    }
    self.items = []
    self.children = children
    self.ends = ends
  }

  var count: Int { ends.last ?? items.count }

  /// The child of this branch that holds item `index`, and where that item is in the child.
  func child(holding index: Int) -> (child: Int, index: Int) {
    var low = 0
    var high = ends.count - 1
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] > index { high = middle } else { low = middle + 1 }
    }
    return (low, low == 0 ? index : index - ends[low - 1])
  }

  /// The item at `index` of this node, `height` levels above its pages.
  func item(at index: Int, height: Int) -> Item {
    var node = self
    var index = index
    for _ in 0..<height {
      let (child, offset) = node.child(holding: index)
      node = node.children[child]
      index = offset
    }
    return node.items[index]
  }

  /// This node, `height` levels above its pages, with `page` after its last page. When the node
  /// is full, it stays as it is and `overflow` holds the page in a node of the same height, to
  /// become its next sibling.
  func appending(_ page: PageNode, height: Int) -> (node: PageNode, overflow: PageNode?) {
    if height == 1 {
      guard children.count < Self.fanOut else { return (self, PageNode(branch: [page])) }
      return (PageNode(branch: children + [page]), nil)
    }
    let (last, overflow) = children[children.count - 1].appending(page, height: height - 1)
    guard let overflow else {
      var children = self.children
      children[children.count - 1] = last
      return (PageNode(branch: children), nil)
    }
    guard children.count < Self.fanOut else { return (self, PageNode(branch: [overflow])) }
    return (PageNode(branch: children + [overflow]), nil)
  }

  /// This node, `height` levels above its pages, with the item at `index` replaced.
  func replacing(at index: Int, with item: Item, height: Int) -> PageNode {
    guard height > 0 else {
      var items = self.items
      items[index] = item
      return PageNode(page: items)
    }
    let (child, offset) = child(holding: index)
    var children = self.children
    children[child] = children[child].replacing(at: offset, with: item, height: height - 1)
    return PageNode(branch: children)
  }
}
