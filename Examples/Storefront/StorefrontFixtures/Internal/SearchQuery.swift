import StorefrontText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `q` of `/products/search`: a substring of a title or a description, as a person reads
/// them: case and accents ignored, so `soiree` finds `Soirée`.
///
/// The query is folded once, and each product's text once in ``CatalogState``; a search then
/// compares bytes without allocating.
struct SearchQuery: Sendable {
  /// Folded, trimmed.
  let text: String
  private let needle: [UInt8]

  init(_ text: String) {
    self.text = ReadingText.folded(text)
    needle = Array(self.text.utf8)
  }

  /// Whether the folded title or description of a product contains the query.
  func matches(_ text: CatalogState.FoldedText) -> Bool {
    needle.isEmpty || contains(text.title) || contains(text.description)
  }

  private func contains(_ haystack: String) -> Bool {
    var haystack = haystack
    return haystack.withUTF8 { bytes in
      needle.withUnsafeBufferPointer { needle in
        guard bytes.count >= needle.count, let base = bytes.baseAddress, let wanted = needle.baseAddress else {
          return false
        }
        // Each place the first byte occurs, found by `memchr`, then the rest compared at once.
        let last = bytes.count - needle.count
        var start = 0
        while start <= last {
          guard let found = memchr(base + start, Int32(wanted[0]), last - start + 1) else { return false }
          let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
          if memcmp(base + index, wanted, needle.count) == 0 { return true }
          start = index + 1
        }
        return false
      }
    }
  }
}
