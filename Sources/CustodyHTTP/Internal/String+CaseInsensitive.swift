extension String {
  /// Compares header names and the like, which HTTP treats without regard to case.
  func caseInsensitiveEquals(_ other: String) -> Bool {
    utf8.count == other.utf8.count && lowercased() == other.lowercased()
  }
}
