import Testing

@testable import Custody

@Suite struct LRUEntriesTests {
  @Test func keepsKeysInOrderOfLastUse() {
    var entries = LRUEntries<String, Int>()
    entries.set(1, for: "a")
    entries.set(2, for: "b")
    entries.set(3, for: "c")
    entries.touch("a")
    #expect(entries.keysByRecency == ["b", "c", "a"])
    entries.set(20, for: "b")
    #expect(entries.keysByRecency == ["c", "a", "b"])
    #expect(entries["b"] == 20)
  }

  @Test func removesTheOldestFirst() {
    var entries = LRUEntries<Int, Int>()
    for key in 0..<4 { entries.set(key, for: key) }
    entries.touch(0)
    #expect(entries.removeOldest()?.key == 1)
    #expect(entries.remove(2) == 2)
    #expect(entries.keysByRecency == [3, 0])
    #expect(entries.removeOldest()?.key == 3)
    #expect(entries.removeOldest()?.key == 0)
    #expect(entries.removeOldest() == nil)
    #expect(entries.count == 0)
  }

  @Test func removingTheOnlyEntryLeavesAnEmptyList() {
    var entries = LRUEntries<Int, Int>()
    entries.set(1, for: 1)
    entries.remove(1)
    entries.set(2, for: 2)
    #expect(entries.keysByRecency == [2])
    #expect(entries.removeAll().count == 1)
    #expect(entries.keysByRecency.isEmpty)
  }
}
