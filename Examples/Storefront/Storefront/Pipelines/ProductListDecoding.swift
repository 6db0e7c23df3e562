import Foundation

/// Decodes a page of products several times faster than `JSONDecoder`, with exactly its
/// results and errors.
///
/// A page of 100,000 products is 158 MB of JSON, which `JSONDecoder` reads at about 40 MB/s on
/// one core. This pipeline reads straight from the bytes (no intermediate JSON tree): a page's
/// products into models, with no DTO between, and a list's into DTOs. It reads the `products`
/// array in short parts: on two cores, one after another in the caller's task, which lets
/// other work run between them; on more, on every core but one at once. It accepts only strict
/// JSON that it reads exactly as `JSONDecoder` would; for anything else (a malformed entry,
/// which the page drops and names, or a malformed page, which fails) it decodes the whole body
/// with `JSONDecoder`, so what the app shows and the errors it reports never depend on the
/// path taken.
///
/// ```swift
/// let page = try await client.send(Endpoint<ProductPage>(path: "/products")) { body, decoder in
///   try await ProductListDecoding.page(from: body, using: decoder)
/// }
/// ```
public enum ProductListDecoding {
  /// The page in `body`, as `decoder.decode(ProductListDTO.self, from: body).model()` reads it.
  ///
  /// - Parameters:
  ///   - body: The JSON of a page, `{products, total, skip, limit}`.
  ///   - decoder: Reads what the fast path declines. A decoder with a key or float strategy,
  ///     or JSON5, reads the whole body: the fast path reads default JSON only.
  ///   - parts: How many parts to cut the products into; by default one per 256 KB of body.
  ///     At most one part per core is read at a time.
  /// - Returns: The page, its malformed entries dropped, counted and named (``ProductPage/skipped``).
  /// - Throws: The `DecodingError` that `decoder` throws for the body, a negative `total`
  ///   included.
  @concurrent
  public static func page(
    from body: Data, using decoder: JSONDecoder = JSONDecoder(), parts: Int? = nil
  ) async throws -> ProductPage {
    if decoder.readsDefaultJSON,
      let read = await readElements(body, parts: parts ?? defaultParts(body.count), Product.read)
    {
      return ProductPage(products: read.items, total: read.total, skip: read.skip)
    }
    return try decoder.decode(ProductListDTO.self, from: body).model()
  }

  /// The DTO of the page in `body`, as `decoder.decode(ProductListDTO.self, from: body)` reads it.
  ///
  /// - Parameters: See ``page(from:using:parts:)``.
  /// - Returns: The page's DTO, its malformed entries dropped and named.
  /// - Throws: The `DecodingError` that `decoder` throws for the body.
  @concurrent
  public static func list(
    from body: Data, using decoder: JSONDecoder = JSONDecoder(), parts: Int? = nil
  ) async throws -> ProductListDTO {
    if decoder.readsDefaultJSON,
      let read = await readElements(body, parts: parts ?? defaultParts(body.count), ProductDTO.read)
    {
      return ProductListDTO(products: read.items, total: read.total, skip: read.skip, limit: read.limit, dropped: [])
    }
    return try decoder.decode(ProductListDTO.self, from: body)
  }

  /// What the fast path read: the products and the envelope.
  struct Read<Item> {
    var items: [Item]
    var total: Int
    var skip: Int
    var limit: Int
  }

  /// Reads one element of the products array at the cursor, or declines it.
  typealias Element<Item> = @Sendable (inout JSONReader) throws(JSONReader.Declined) -> Item

  /// Reads `body` in up to `parts` parts, then in one if the parts disagree with their cuts;
  /// `nil` when the fast path declines the body.
  static func readElements<Item: Sendable>(
    _ body: Data, parts: Int, width: Int = width, _ element: @escaping Element<Item>
  ) async -> Read<Item>? {
    let plan = body.withUnsafeBytes { bytes -> (ProductListReader.Head, [Int])? in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
      guard let head = try? ProductListReader.readHead(base, count: bytes.count) else { return nil }
      return (head, ProductListReader.cuts(base, from: head.elementsStart, count: bytes.count, parts: parts))
    }
    guard let (head, cuts) = plan else { return nil }
    if !cuts.isEmpty, let read = await read(body, head: head, cuts: cuts, width: width, element) { return read }
    return await read(body, head: head, cuts: [], width: width, element)
  }

  /// ``readElements(_:parts:width:_:)`` into DTOs, then `transform`.
  static func read<Item: Sendable>(
    _ body: Data, parts: Int, width: Int = width, _ transform: @escaping @Sendable (ProductDTO) -> Item
  ) async -> Read<Item>? {
    await readElements(body, parts: parts, width: width) { reader throws(JSONReader.Declined) in
      transform(try ProductDTO.read(from: &reader))
    }
  }

  /// ``read(_:head:cuts:width:_:)`` into DTOs, then `transform`.
  static func read<Item: Sendable>(
    _ body: Data, head: ProductListReader.Head, cuts: [Int], width: Int = width,
    _ transform: @escaping @Sendable (ProductDTO) -> Item
  ) async -> Read<Item>? {
    await read(body, head: head, cuts: cuts, width: width) { reader throws(JSONReader.Declined) in
      transform(try ProductDTO.read(from: &reader))
    }
  }

  /// Reads `body` in one part per cut and one more; `nil` when a part declines.
  ///
  /// Parts are short (see ``defaultParts(_:)``) and leave the cooperative pool a thread for
  /// everything else: a timer, a network callback, a hop to the main actor (on Linux a
  /// main-actor timer resumes on the pool first). With every pool thread reading, a 1 ms
  /// main-actor heartbeat came late by a whole part, 0.5–1.4 s with four parts of a
  /// 100,000-product page on two cores, and still by 11.5 ms at its 99th percentile with 600
  /// short ones. So `width` parts run at once, every core but one: on two cores, one part after
  /// another in this task, into one array, yielding between parts (so that a single-core pool
  /// runs other work too); on more, in a task group, each into its own array.
  static func read<Item: Sendable>(
    _ body: Data, head: ProductListReader.Head, cuts: [Int], width: Int = width, _ element: @escaping Element<Item>
  ) async -> Read<Item>? {
    let starts = [head.elementsStart] + cuts.map { $0 + 1 }
    let ends: [Int?] = cuts + [nil]
    let readPart: @Sendable (Int, inout [Item]) -> ProductListReader.Envelope? = { index, items in
      body.withUnsafeBytes { bytes in
        try? ProductListReader.readPart(
          bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), from: starts[index], to: ends[index],
          count: bytes.count, isFirst: index == 0, into: &items, element)
      }
    }
    var items: [Item] = []
    let tail: ProductListReader.Envelope?
    if width <= 1 || starts.count == 1 {
      var last: ProductListReader.Envelope?
      for index in starts.indices {
        if index > 0 { await Task.yield() }
        guard let envelope = readPart(index, &items) else { return nil }
        if index == 0, let cut = ends[0], !items.isEmpty {
          // The first part tells how long a product is: room for the rest, so the array is
          // not copied as it grows.
          let perItem = Double(cut - starts[0]) / Double(items.count)
          items.reserveCapacity(Int(Double(body.count - starts[0]) / perItem * 1.05))
        }
        last = envelope
      }
      tail = last
    } else {
      guard let (parts, envelope) = await readAtOnce(starts.count, width: width, readPart) else { return nil }
      items.reserveCapacity(parts.reduce(0) { $0 + $1.count })
      for part in parts { items.append(contentsOf: part) }
      tail = envelope
    }
    // A negative total is no count: `JSONDecoder`'s path names it as an invalid page.
    guard let tail, let envelope = try? head.envelope.merged(with: tail), let total = envelope.total, total >= 0
    else { return nil }
    let skip = (envelope.skip ?? nil) ?? 0
    let limit = (envelope.limit ?? nil) ?? items.count
    return Read(items: items, total: total, skip: skip, limit: limit)
  }

  /// Reads `count` parts with `readPart`, `width` at a time, each started when another ends;
  /// the parts' items in order and the envelope after the last, or `nil` when a part declines.
  private static func readAtOnce<Item: Sendable>(
    _ count: Int, width: Int, _ readPart: @escaping @Sendable (Int, inout [Item]) -> ProductListReader.Envelope?
  ) async -> ([[Item]], ProductListReader.Envelope)? {
    await withTaskGroup(of: (Int, [Item], ProductListReader.Envelope)?.self) { group in
      let readOne: @Sendable (Int) -> (Int, [Item], ProductListReader.Envelope)? = { index in
        var items: [Item] = []
        guard let envelope = readPart(index, &items) else { return nil }
        return (index, items, envelope)
      }
      var parts = [[Item]](repeating: [], count: count)
      var tail: ProductListReader.Envelope?
      var next = min(count, width)
      for index in 0..<next { group.addTask { readOne(index) } }
      while let result = await group.next() {
        guard let (index, items, envelope) = result else {
          group.cancelAll()
          return nil
        }
        parts[index] = items
        if index == count - 1 { tail = envelope }
        if next < count {
          group.addTask { [next] in readOne(next) }
          next += 1
        }
      }
      return tail.map { (parts, $0) }
    }
  }

  /// How many parts run at once: every core but one, and at least one.
  static var width: Int { max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }

  /// One part per 256 KB of body (about 160 products, a millisecond or two of work): short
  /// enough that no part holds a thread of the cooperative pool for long.
  static func defaultParts(_ count: Int) -> Int {
    max(1, count / 262_144)
  }
}

extension JSONDecoder {
  /// Whether this decoder reads JSON as the fast path does: default keys, non-finite numbers
  /// refused, no JSON5.
  fileprivate var readsDefaultJSON: Bool {
    guard case .useDefaultKeys = keyDecodingStrategy, case .throw = nonConformingFloatDecodingStrategy else {
      return false
    }
    return !allowsJSON5
  }
}
