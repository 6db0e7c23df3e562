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
      guard bytes.count >= needle.count else { return false }
      return (0...(bytes.count - needle.count)).contains { start in
        needle.indices.allSatisfy { offset in bytes[start + offset] == needle[offset] }
      }
    }
  }
}
