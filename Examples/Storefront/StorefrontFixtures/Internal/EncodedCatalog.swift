/// Every product's JSON, encoded once.
///
/// The products sit in one buffer separated by commas, so a page of consecutive products is a
/// single copy: a `limit=0` page of 100,000 products costs one `memcpy` of about 50 MB
/// instead of 100,000 encodings. An edited product's JSON replaces its slot.
struct EncodedCatalog: Sendable {
  private var buffer: [UInt8] = []
  /// The byte range of product `id` in `buffer`, at `id - 1`.
  private var ranges: [Range<Int>] = []
  private var replaced: [Int: [UInt8]] = [:]

  init(_ products: [Product]) {
    var writer = JSONWriter(capacity: products.count * 560)
    ranges.reserveCapacity(products.count)
    for product in products {
      if !ranges.isEmpty { writer.raw(",") }
      let start = writer.bytes.count
      product.write(to: &writer)
      ranges.append(start..<writer.bytes.count)
    }
    buffer = writer.bytes
  }

  /// Replaces the JSON of `product` after an edit.
  mutating func replace(_ product: Product) { replaced[product.id] = product.jsonBytes }

  /// The JSON of one product.
  func json(id: Int) -> [UInt8] { replaced[id] ?? Array(buffer[ranges[id - 1]]) }

  /// Appends the products with `ids` as comma-separated JSON objects, copying runs of
  /// consecutive unedited products in one piece.
  func append(ids: some Collection<Int>, to writer: inout JSONWriter) {
    var run: Range<Int>? = nil
    var previousID = -1
    var first = true
    for id in ids {
      if let replacement = replaced[id] {
        flush(&run, to: &writer, first: &first)
        if !first { writer.raw(",") }
        writer.raw(replacement)
        first = false
      } else if let current = run, id == previousID + 1 {
        run = current.lowerBound..<ranges[id - 1].upperBound
      } else {
        flush(&run, to: &writer, first: &first)
        run = ranges[id - 1]
      }
      previousID = id
    }
    flush(&run, to: &writer, first: &first)
  }

  private func flush(_ run: inout Range<Int>?, to writer: inout JSONWriter, first: inout Bool) {
    guard let range = run else { return }
    if !first { writer.raw(",") }
    writer.raw(buffer[range])
    first = false
    run = nil
  }
}
