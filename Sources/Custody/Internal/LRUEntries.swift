/// A dictionary that remembers the order in which its keys were last used.
///
/// Every operation is O(1). Entries live in a dense array and form a doubly linked list by
/// index, most recently used at the head; a dictionary maps keys to indices. Marking a hit
/// as used costs one hash lookup and a few array writes, which keeps a cache hit within a
/// small factor of a plain locked dictionary read. Removal moves the last entry into the hole.
///
/// Members are `@usableFromInline` and the hit path `@inlinable` so that a cache hit is
/// specialized for the caller's key and value types instead of running generic code. Both
/// structs are `@frozen`: built with library evolution, inlinable code may only initialize a
/// struct whose layout is fixed.
@frozen @usableFromInline
struct LRUEntries<Key: Hashable, Value> {
  @frozen @usableFromInline
  struct Node {
    @usableFromInline var key: Key
    @usableFromInline var value: Value
    /// Index of the next more recently used entry, or `none`.
    @usableFromInline var newer: Int
    /// Index of the next less recently used entry, or `none`.
    @usableFromInline var older: Int

    @inlinable init(key: Key, value: Value, newer: Int, older: Int) {
      self.key = key
      self.value = value
      self.newer = newer
      self.older = older
    }
  }

  @usableFromInline static var none: Int { -1 }

  @usableFromInline var indices: [Key: Int] = [:]
  @usableFromInline var nodes: [Node] = []
  @usableFromInline var newest = LRUEntries.none
  @usableFromInline var oldest = LRUEntries.none

  init() {}

  var count: Int { nodes.count }

  /// The value for `key`, without touching its recency.
  @inlinable subscript(key: Key) -> Value? {
    guard let index = indices[key] else { return nil }
    return nodes[index].value
  }

  /// Keys from least to most recently used.
  var keysByRecency: [Key] {
    var keys: [Key] = []
    var cursor = oldest
    while cursor != Self.none {
      keys.append(nodes[cursor].key)
      cursor = nodes[cursor].newer
    }
    return keys
  }

  /// Marks `key` as the most recently used.
  @inlinable mutating func touch(_ key: Key) {
    guard let index = indices[key] else { return }
    touch(at: index)
  }

  @inlinable mutating func touch(at index: Int) {
    guard index != newest else { return }
    unlink(index)
    linkNewest(index)
  }

  /// Inserts or replaces the value for `key` and marks it the most recently used.
  /// Returns the value it replaced.
  @discardableResult
  mutating func set(_ value: Value, for key: Key) -> Value? {
    if let index = indices[key] {
      let replaced = nodes[index].value
      nodes[index].value = value
      touch(at: index)
      return replaced
    }
    let index = nodes.count
    nodes.append(Node(key: key, value: value, newer: Self.none, older: Self.none))
    indices[key] = index
    linkNewest(index)
    return nil
  }

  @discardableResult
  mutating func remove(_ key: Key) -> Value? {
    guard let index = indices.removeValue(forKey: key) else { return nil }
    unlink(index)
    let removed = nodes[index].value
    let last = nodes.count - 1
    if index != last { move(last, to: index) }
    nodes.removeLast()
    return removed
  }

  /// Removes and returns the least recently used entry.
  mutating func removeOldest() -> (key: Key, value: Value)? {
    guard oldest != Self.none else { return nil }
    let key = nodes[oldest].key
    guard let value = remove(key) else { return nil }
    return (key, value)
  }

  mutating func removeAll() -> [(key: Key, value: Value)] {
    defer { self = LRUEntries() }
    return nodes.map { ($0.key, $0.value) }
  }

  @inlinable mutating func unlink(_ index: Int) {
    let (newer, older) = (nodes[index].newer, nodes[index].older)
    if newer != Self.none { nodes[newer].older = older } else { newest = older }
    if older != Self.none { nodes[older].newer = newer } else { oldest = newer }
    nodes[index].newer = Self.none
    nodes[index].older = Self.none
  }

  @inlinable mutating func linkNewest(_ index: Int) {
    nodes[index].older = newest
    nodes[index].newer = Self.none
    if newest != Self.none { nodes[newest].newer = index }
    newest = index
    if oldest == Self.none { oldest = index }
  }

  /// Moves the linked entry at `source` to the unlinked slot `destination`.
  private mutating func move(_ source: Int, to destination: Int) {
    let node = nodes[source]
    nodes[destination] = node
    indices[node.key] = destination
    if node.newer != Self.none { nodes[node.newer].older = destination } else { newest = destination }
    if node.older != Self.none { nodes[node.older].newer = destination } else { oldest = destination }
  }
}
