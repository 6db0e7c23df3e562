/// The callers waiting for one piece of shared work, in the order they asked.
///
/// Every owner that coalesces work (`SingleFlight`, `Cache`, `Pager`, `TokenStore`) keeps its
/// waiters here. They are handed back in the order of their identifiers, which callers take
/// as they arrive: resuming thousands of tasks in the order they were created is several times
/// faster than resuming them in the order a dictionary happens to hold them.
///
/// A caller that leaves is found by binary search and leaves a hole, so neither joining nor
/// leaving moves the others; the holes are dropped when the waiters are handed back.
@frozen @usableFromInline
struct Waiters<Waiter> {
  @usableFromInline var entries: [(id: UInt64, waiter: Waiter?)] = []
  /// The callers still waiting: `entries` minus the holes.
  @usableFromInline var count = 0

  @inlinable init() {}

  @inlinable init(_ id: UInt64, _ waiter: Waiter) {
    entries = [(id, waiter)]
    count = 1
  }

  @inlinable var isEmpty: Bool { count == 0 }

  /// Adds a caller. Identifiers are taken in arrival order, so this almost always appends.
  @inlinable mutating func append(_ id: UInt64, _ waiter: Waiter) {
    count += 1
    guard let last = entries.last, last.id > id else { return entries.append((id, waiter)) }
    entries.insert((id, waiter), at: index(of: id))
  }

  /// Adds every caller of `other`, as when one piece of work takes over another's callers.
  @inlinable mutating func append(contentsOf other: Waiters) {
    for case (let id, let waiter?) in other.entries { append(id, waiter) }
  }

  /// Whether the caller `id` waits here.
  @inlinable func contains(_ id: UInt64) -> Bool {
    let index = index(of: id)
    return index < entries.endIndex && entries[index].id == id && entries[index].waiter != nil
  }

  /// Removes the caller `id`. Returns its waiter, or nil when it does not wait here.
  @inlinable mutating func remove(_ id: UInt64) -> Waiter? {
    let index = index(of: id)
    guard index < entries.endIndex, entries[index].id == id, let waiter = entries[index].waiter else { return nil }
    entries[index].waiter = nil
    count -= 1
    if count == 0 { entries = [] }
    return waiter
  }

  /// Every waiting caller, in the order they asked.
  @inlinable var inOrder: [Waiter] {
    var waiters: [Waiter] = []
    waiters.reserveCapacity(count)
    for case (_, let waiter?) in entries { waiters.append(waiter) }
    return waiters
  }

  /// The first index whose identifier is not below `id`.
  @inlinable func index(of id: UInt64) -> Int {
    var low = entries.startIndex
    var high = entries.endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if entries[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension Waiters: Sequence {
  /// Walks the waiting callers in the order they asked, skipping the holes, without copying them
  /// out first: an owner resumes thousands of them straight from here.
  @frozen @usableFromInline
  struct Iterator: IteratorProtocol {
    @usableFromInline var entries: IndexingIterator<[(id: UInt64, waiter: Waiter?)]>

    @inlinable init(_ entries: [(id: UInt64, waiter: Waiter?)]) {
      self.entries = entries.makeIterator()
    }

    @inlinable mutating func next() -> Waiter? {
      while let entry = entries.next() {
        if let waiter = entry.waiter { return waiter }
      }
      return nil
    }
  }

  @inlinable func makeIterator() -> Iterator { Iterator(entries) }

  @inlinable var underestimatedCount: Int { count }
}

/// Identifiers for waiters and for the work they wait on. Work counts on its own, so the
/// flights of one owner read #1, #2, … in its events whatever number of callers came.
@frozen @usableFromInline
struct FlightIDs {
  @usableFromInline var lastWaiter: UInt64 = 0
  @usableFromInline var lastFlight: UInt64 = 0

  @inlinable init() {}

  /// A fresh identifier for a waiter (or an observer).
  @inlinable mutating func makeID() -> UInt64 {
    lastWaiter &+= 1
    return lastWaiter
  }

  /// A fresh identifier for a piece of work.
  @inlinable mutating func makeFlightID() -> UInt64 {
    lastFlight &+= 1
    return lastFlight
  }
}

extension Waiters: Sendable where Waiter: Sendable {}
