/// A dictionary that remembers the order in which its keys were last used.
///
/// Every operation is O(1): entries form a doubly linked list threaded through the dictionary
/// by key, most recently used at the head.
struct LRUEntries<Key: Hashable, Value> {
  private struct Node {
    var value: Value
    var newer: Key?
    var older: Key?
  }

  private var nodes: [Key: Node] = [:]
  private var newest: Key?
  private var oldest: Key?

  var count: Int { nodes.count }
  var isEmpty: Bool { nodes.isEmpty }
  var keys: [Key] { Array(nodes.keys) }

  /// The value for `key`, without touching its recency.
  subscript(key: Key) -> Value? { nodes[key]?.value }

  /// Keys from least to most recently used.
  var keysByRecency: [Key] {
    var keys: [Key] = []
    var cursor = oldest
    while let key = cursor {
      keys.append(key)
      cursor = nodes[key]?.newer
    }
    return keys
  }

  /// Marks `key` as the most recently used.
  mutating func touch(_ key: Key) {
    guard newest != key, let node = nodes[key] else { return }
    unlink(key, node)
    linkNewest(key)
  }

  /// Inserts or replaces the value for `key` and marks it the most recently used.
  /// Returns the value it replaced.
  @discardableResult
  mutating func set(_ value: Value, for key: Key) -> Value? {
    if let node = nodes[key] {
      nodes[key]?.value = value
      touch(key)
      return node.value
    }
    nodes[key] = Node(value: value)
    linkNewest(key)
    return nil
  }

  @discardableResult
  mutating func remove(_ key: Key) -> Value? {
    guard let node = nodes[key] else { return nil }
    unlink(key, node)
    nodes[key] = nil
    return node.value
  }

  /// Removes and returns the least recently used entry.
  mutating func removeOldest() -> (key: Key, value: Value)? {
    guard let key = oldest, let value = remove(key) else { return nil }
    return (key, value)
  }

  mutating func removeAll() -> [(key: Key, value: Value)] {
    let all = nodes.map { ($0.key, $0.value.value) }
    nodes = [:]
    newest = nil
    oldest = nil
    return all
  }

  private mutating func unlink(_ key: Key, _ node: Node) {
    if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
    if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
    nodes[key]?.newer = nil
    nodes[key]?.older = nil
  }

  private mutating func linkNewest(_ key: Key) {
    nodes[key]?.older = newest
    nodes[key]?.newer = nil
    if let newest { nodes[newest]?.newer = key }
    newest = key
    if oldest == nil { oldest = key }
  }
}
