import Foundation
import Storefront
import Testing

/// Inputs the fuzzers (`scripts/fuzz`, targets in `Fuzz/`) found crashing, kept as plain tests.
@Suite struct FuzzRegressionTests {
  /// dto-decoding: a page whose `skip` leaves no room for its products overflowed `hasMore` and
  /// `nextSkip`, so one reply from a misbehaving server crashed the app.
  @Test func aPageThatEndsPastTheLargestIntegerHasNoMore() throws {
    let reply = #"""
      {"products":[{"id":9223372036854775807,"title":"Edge","price":1e308,"stock":-1}],\#
      "total":9223372036854775807,"skip":9223372036854775807}
      """#
    let page = try JSONDecoder().decode(ProductListDTO.self, from: Data(reply.utf8)).model()
    #expect(page.products.count == 1)
    #expect(page.hasMore == false)
    #expect(page.nextSkip == .max)
  }

  /// The same page read back from the offline catalog file.
  @Test func aSavedPageThatEndsPastTheLargestIntegerHasNoMore() throws {
    let saved = #"{"products":[],"total":9223372036854775807,"skip":9223372036854775807,"droppedCount":1}"#
    let page = try JSONDecoder().decode(ProductPage.self, from: Data(saved.utf8))
    #expect(page.hasMore == false)
    #expect(page.nextSkip == .max)
  }

  /// embedded-backend: a search with an empty `skip` is answered as the public service answers
  /// it, `"skip": null`, and the app could not read that page.
  @Test func aPageWhoseSkipIsNullStartsAtTheFirstProduct() throws {
    let reply = #"{"products":[{"id":1,"title":"One","price":2}],"total":1,"skip":null,"limit":1}"#
    let page = try JSONDecoder().decode(ProductListDTO.self, from: Data(reply.utf8)).model()
    #expect(page.skip == 0 && page.products.count == 1)
    #expect(page.hasMore == false)
  }

  @Test(arguments: [
    (skip: 10, dropped: 0, total: 20, hasMore: true, next: 15), (30, 1, 36, false, 36), (-5, 0, 1, true, 0),
  ])
  func ordinaryPagesStillCount(skip: Int, dropped: Int, total: Int, hasMore: Bool, next: Int) {
    let products = (1...5).map { Product(id: $0, title: "Product \($0)", price: 1) }
    let page = ProductPage(products: products, total: total, skip: skip, droppedCount: dropped)
    #expect(page.hasMore == hasMore)
    #expect(page.nextSkip == next)
  }
}
