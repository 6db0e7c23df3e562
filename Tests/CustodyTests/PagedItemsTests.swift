import Testing

@testable import Custody

/// The pager's item storage as a plain value: pages shared between copies, read as one list.
@Suite struct PagedItemsTests {
  /// Pages of one to three items, enough of them for branches two levels above the pages.
  static let pageSizes = (0..<(32 * 32 + 37)).map { $0 % 3 + 1 }

  /// `sizes` pages of consecutive numbers from 0, and the same numbers as an array.
  static func paged(_ sizes: [Int]) -> (PagedItems<Int>, [Int]) {
    var paged = PagedItems<Int>()
    var array: [Int] = []
    for size in sizes {
      let page = Array(array.count..<array.count + size)
      paged.append(page: page)
      array += page
    }
    return (paged, array)
  }

  @Test(arguments: [0, 1, 2, 31, 32, 33, 32 * 32, 32 * 32 + 1, pageSizes.count])
  func readsEveryItemAcrossPageBoundaries(pages: Int) {
    let (paged, array) = Self.paged(Array(Self.pageSizes.prefix(pages)))
    #expect(paged.count == array.count)
    #expect(paged.isEmpty == array.isEmpty)
    #expect(paged.indices.map { paged[$0] } == array, "by position")
    #expect(Array(paged) == array, "by iteration")
    #expect(paged.reversed() == array.reversed())
    #expect(paged.last == array.last && paged.first == array.first)
    #expect(paged.items == array, "as one array")
  }

  @Test func slicesReadAcrossPages() {
    let (paged, array) = Self.paged(Self.pageSizes)
    for range in [0..<0, 0..<5, 3..<1_000, 1_500..<array.count] {
      #expect(Array(paged[range]) == Array(array[range]))
    }
  }

  @Test func equalityComparesItemsHoweverTheyArePaged() {
    let (paged, array) = Self.paged(Self.pageSizes)
    #expect(paged == PagedItems(array), "many pages against one")
    var other = PagedItems<Int>()
    for start in stride(from: 0, to: array.count, by: 7) {
      other.append(page: Array(array[start..<min(start + 7, array.count)]))
    }
    #expect(paged == other)
    other.replace(at: 1_000, with: -1)
    #expect(paged != other, "one item differs")
    #expect(PagedItems([1, 2]) != PagedItems([1, 2, 3]))
    #expect(PagedItems<Int>() == [])
    #expect(PagedItems([1, 2, 3]) == [1, 2, 3])
  }

  @Test func aCopyStaysAsItWasWhenPagesAreAppendedLater() {
    var paged = PagedItems<Int>()
    var kept: [(PagedItems<Int>, [Int])] = []
    var array: [Int] = []
    for size in Self.pageSizes {
      kept.append((paged, array))
      let page = Array(array.count..<array.count + size)
      paged.append(page: page)
      array += page
    }
    for (copy, itsArray) in kept { #expect(Array(copy) == itsArray && copy.count == itsArray.count) }
  }

  @Test func replacingAnItemChangesThatItemOnlyAndNoCopy() {
    let (paged, array) = Self.paged(Self.pageSizes)
    _ = paged.items  // the flat copy is made before the change and must not leak into it
    for index in [0, 1, 2, 3, 63, 64, 1_000, array.count - 1] {
      var changed = paged
      changed.replace(at: index, with: -1)
      var expected = array
      expected[index] = -1
      #expect(Array(changed) == expected && changed.items == expected)
      #expect(Array(paged) == array && paged.items == array, "the copy it was made from")
    }
  }

  // Set through the subscript (MutableCollection), as a screen patches one row: the copy it was
  // made from keeps its item, and lists equal however they were paged hash alike.
  @Test func settingAnItemBySubscriptLeavesCopiesAloneAndEqualListsHashAlike() {
    let (paged, array) = Self.paged(Self.pageSizes)
    var patched = paged
    patched[1_000] = -1
    patched.swapAt(0, array.count - 1)
    var expected = array
    expected[1_000] = -1
    expected.swapAt(0, array.count - 1)
    #expect(Array(patched) == expected)
    #expect(Array(paged) == array, "the copy it was made from")
    #expect(Set([paged, PagedItems(array)]).count == 1, "one list, however paged")
    #expect(paged.hashValue == PagedItems(array).hashValue)
    #expect(Set([paged, patched]).count == 2)
  }

  @Test func anEmptyPageChangesNothing() {
    var paged: PagedItems = [1, 2]
    paged.append(page: [])
    paged.append(page: [3])
    #expect(Array(paged) == [1, 2, 3] && paged[2] == 3)
  }
}

extension PagedItems {
  fileprivate var items: [Item] { array }
}
