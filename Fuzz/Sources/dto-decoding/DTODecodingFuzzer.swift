import Foundation
import FuzzSupport
import Storefront

/// Storefront's wire types from arbitrary bytes: decoding either fails with an error or gives
/// a page the app can use (its model, whether there is more, where the next page starts).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDTODecoding(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = FuzzInput.data(bytes, count)
  let decoder = JSONDecoder()
  let plain = Result { try decoder.decode(ProductListDTO.self, from: data) }
  if let page = try? plain.get() {
    checkPage(page, entries: entryCount(data))
  }
  checkFastPath(data, against: plain, parts: 1 + count % 4)
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

/// The app's page decoder, in one part or several, answers exactly as `JSONDecoder` does: the
/// same products, envelope and dropped entries, or the same error; and so does its reading of
/// the page straight into models.
private func checkFastPath(_ data: Data, against plain: Result<ProductListDTO, any Error>, parts: Int) {
  runBlocking {
    let fast: Result<ProductListDTO, any Error>
    do { fast = .success(try await ProductListDecoding.list(from: data, parts: parts)) } catch {
      fast = .failure(error)
    }
    // The page, read straight into models: `JSONDecoder`'s page mapped, or its error.
    let page: Result<ProductPage, any Error>
    do { page = .success(try await ProductListDecoding.page(from: data, parts: parts)) } catch {
      page = .failure(error)
    }
    switch (plain, page) {
    case (.success(let expected), .success(let page)):
      precondition(page == expected.model(), "the fast path read another page")
    case (.failure(let expected), .failure(let error)):
      precondition("\(error)" == "\(expected)", "the fast path failed otherwise for the page")
    default:
      preconditionFailure("the fast path and JSONDecoder disagree on whether the page reads")
    }
    switch (plain, fast) {
    case (.success(let expected), .success(let list)):
      precondition(list.products == expected.products, "the fast path read other products")
      precondition(list.total == expected.total && list.skip == expected.skip && list.limit == expected.limit)
      precondition(list.dropped == expected.dropped, "the fast path dropped other entries")
    case (.failure(let expected), .failure(let error)):
      precondition("\(error)" == "\(expected)", "the fast path failed otherwise")
    default:
      preconditionFailure("the fast path and JSONDecoder disagree on whether the page reads")
    }
  }
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
