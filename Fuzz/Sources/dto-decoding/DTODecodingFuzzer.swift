import Foundation
import FuzzSupport
import Storefront

/// Storefront's wire types from arbitrary bytes: decoding either fails with an error or gives
/// a page the app can use (its model, whether there is more, where the next page starts).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDTODecoding(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = FuzzInput.data(bytes, count)
  let decoder = JSONDecoder()
  if let page = try? decoder.decode(ProductListDTO.self, from: data) {
    checkPage(page, entries: entryCount(data))
  }
  if let product = try? decoder.decode(ProductDTO.self, from: data) {
    _ = product.model()
    guard let encoded = try? JSONEncoder().encode(product) else { fatalError("a decoded product does not encode") }
    let again = try? decoder.decode(ProductDTO.self, from: encoded)
    precondition(again == product, "a product does not survive encoding and decoding")
  }
  if let products = try? decoder.decode([ProductDTO].self, from: data) {
    _ = products.map { $0.model() }
  }
  return 0
}

private func checkPage(_ page: ProductListDTO, entries: Int?) {
  let model = page.model()
  precondition(model.products.count == page.products.count)
  precondition(model.droppedCount == page.dropped.count)
  if let entries {
    precondition(page.products.count + page.dropped.count == entries, "an entry was neither read nor counted")
  }
  // What a pager does with a page.
  _ = model.hasMore
  _ = model.nextSkip
}

/// How many entries `products` has, read by another parser; `nil` when the input is not a
/// plain object with a `products` array.
private func entryCount(_ data: Data) -> Int? {
  guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
  return (object["products"] as? [Any])?.count
}
