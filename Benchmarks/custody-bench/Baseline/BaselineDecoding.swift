// The product page reader as Storefront had it before it read pages straight into models: kept
// unchanged but for its names, so `decode` can time today's pipeline against it in one run.

import Foundation
import Storefront

/// `ProductListDecoding.page(from:using:parts:)` as it was: the same parts, the same task group.
enum BaselineDecoding {
  /// The page in `body`, as `decoder.decode(ProductListDTO.self, from: body).model()` reads it.
  ///
  /// - Parameters:
  ///   - body: The JSON of a page, `{products, total, skip, limit}`.
  ///   - decoder: Reads what the fast path declines. A decoder with a key or float strategy,
  ///     or JSON5, reads the whole body: the fast path reads default JSON only.
  ///   - parts: How many parts to cut the products into; by default one per 256 KB of body.
  ///     At most one part per core is read at a time.
  /// - Returns: The page, its malformed entries dropped and counted.
  /// - Throws: The `DecodingError` that `decoder` throws for the body.
  @concurrent
  static func page(
    from body: Data, using decoder: JSONDecoder = JSONDecoder(), parts: Int? = nil
  ) async throws -> ProductPage {
    if decoder.readsDefaultJSON, let read = await read(body, parts: parts ?? defaultParts(body.count), { $0.model() }) {
      return ProductPage(products: read.items, total: read.total, skip: read.skip)
    }
    return try decoder.decode(ProductListDTO.self, from: body).model()
  }

  /// What the fast path read: the products, mapped, and the envelope.
  struct Read<Item> {
    var items: [Item]
    var total: Int
    var skip: Int
    var limit: Int
  }

  /// Reads `body` in up to `parts` parts at once, then in one if the parts disagree with their
  /// cuts; `nil` when the fast path declines the body.
  static func read<Item: Sendable>(
    _ body: Data, parts: Int, _ transform: @escaping @Sendable (BaselineProductDTO) -> Item
  ) async -> Read<Item>? {
    let plan = body.withUnsafeBytes { bytes -> (BaselineListReader.Head, [Int])? in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
      guard let head = try? BaselineListReader.readHead(base, count: bytes.count) else { return nil }
      return (head, BaselineListReader.cuts(base, from: head.elementsStart, count: bytes.count, parts: parts))
    }
    guard let (head, cuts) = plan else { return nil }
    if !cuts.isEmpty, let read = await read(body, head: head, cuts: cuts, transform) { return read }
    return await read(body, head: head, cuts: [], transform)
  }

  /// Reads `body` in one part per cut and one more; `nil` when a part declines.
  ///
  /// Parts are short (see ``defaultParts(_:)``) and run on all cores but one, each started
  /// when another ends, so the cooperative pool always has a thread for everything else: a
  /// timer, a network callback, a hop to the main actor (on Linux a main-actor timer resumes on
  /// the pool first). With every pool thread reading, a 1 ms main-actor heartbeat came late
  /// by a whole part, 0.5–1.4 s with four parts of a 100,000-product page on two cores, and
  /// still by 11.5 ms at its 99th percentile with 600 short ones.
  static func read<Item: Sendable>(
    _ body: Data, head: BaselineListReader.Head, cuts: [Int],
    _ transform: @escaping @Sendable (BaselineProductDTO) -> Item
  ) async -> Read<Item>? {
    let starts = [head.elementsStart] + cuts.map { $0 + 1 }
    let ends: [Int?] = cuts + [nil]
    let readPart: @Sendable (Int) -> BaselineListReader.Part<Item>? = { index in
      body.withUnsafeBytes { bytes in
        try? BaselineListReader.readPart(
          bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), from: starts[index], to: ends[index],
          count: bytes.count, isFirst: index == 0, transform)
      }
    }
    var parts: [BaselineListReader.Part<Item>?]
    if starts.count == 1 {
      parts = [readPart(0)]
    } else {
      parts = await withTaskGroup(of: (Int, BaselineListReader.Part<Item>?).self) { group in
        var parts = [BaselineListReader.Part<Item>?](repeating: nil, count: starts.count)
        var next = min(starts.count, width)
        for index in 0..<next { group.addTask { (index, readPart(index)) } }
        while let (index, part) = await group.next() {
          guard let part else {
            group.cancelAll()
            return []
          }
          parts[index] = part
          if next < starts.count {
            group.addTask { [next] in (next, readPart(next)) }
            next += 1
          }
        }
        return parts
      }
    }
    guard parts.count == starts.count, let last = parts.last ?? nil,
      let envelope = try? head.envelope.merged(with: last.envelope), let total = envelope.total
    else { return nil }
    var items: [Item] = []
    items.reserveCapacity(parts.reduce(0) { $0 + ($1?.items.count ?? 0) })
    for part in parts { items.append(contentsOf: part!.items) }
    let skip = (envelope.skip ?? nil) ?? 0
    let limit = (envelope.limit ?? nil) ?? items.count
    return Read(items: items, total: total, skip: skip, limit: limit)
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
