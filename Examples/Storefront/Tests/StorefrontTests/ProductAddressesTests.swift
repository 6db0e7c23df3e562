import Foundation
import Testing

@testable import Storefront

/// A product keeps its addresses as text and hands them out as URLs, in the file format the
/// model has always had.
@Suite struct ProductAddressesTests {
  static let page = Data(
    #"""
    {"products":[{"id":1,"title":"Lamp","price":9.5,
      "thumbnail":"https://cdn.example.com/lamp/thumbnail.webp",
      "images":["https://cdn.example.com/lamp/1.webp","","https://cdn.example.com/lamp/2.webp"]}],
     "total":1,"skip":0,"limit":1}
    """#.utf8)

  /// Both decoders keep every address as written, and `images` leaves out the one that is no
  /// URL, as the model did when it parsed addresses while decoding.
  @Test func addressesAreKeptAsTextAndReadAsURLs() async throws {
    let fast = try await ProductListDecoding.page(from: Self.page).products[0]
    let plain = try JSONDecoder().decode(ProductListDTO.self, from: Self.page).model().products[0]
    #expect(fast == plain)
    #expect(fast.imageAddresses == ["https://cdn.example.com/lamp/1.webp", "", "https://cdn.example.com/lamp/2.webp"])
    #expect(
      fast.images.map(\.absoluteString) == [
        "https://cdn.example.com/lamp/1.webp", "https://cdn.example.com/lamp/2.webp",
      ])
    #expect(fast.thumbnail == URL(string: "https://cdn.example.com/lamp/thumbnail.webp"))
  }

  /// A product writes its addresses under `thumbnail` and `images`, as strings, and reads a file
  /// the model wrote when it stored `URL`s.
  @Test func theFileFormatIsTheOneTheModelAlwaysHad() throws {
    var product = Product(id: 7, title: "Lamp", price: 9.5)
    product.thumbnail = URL(string: "https://cdn.example.com/7/t.webp")
    product.images = [URL(string: "https://cdn.example.com/7/1.webp")!]
    let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(product)) as? [String: Any]
    #expect(written?["thumbnail"] as? String == "https://cdn.example.com/7/t.webp")
    #expect(written?["images"] as? [String] == ["https://cdn.example.com/7/1.webp"])
    #expect(written?["thumbnailAddress"] == nil)

    // What `JSONEncoder` wrote for the model of 1 December, whose addresses were `URL`s.
    let earlier = Data(
      #"""
      {"id":7,"title":"Lamp","description":"","category":"","price":9.5,"tags":[],"reviews":[],
       "thumbnail":"https:\/\/cdn.example.com\/7\/t.webp","images":["https:\/\/cdn.example.com\/7\/1.webp"]}
      """#.utf8)
    #expect(try JSONDecoder().decode(Product.self, from: earlier) == product)
  }
}
