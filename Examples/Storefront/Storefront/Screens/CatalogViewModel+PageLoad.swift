extension CatalogViewModel {
  /// What became of one call of ``CatalogViewModel/loadMore()``.
  enum PageLoad: Sendable, Hashable {
    /// The next page was appended.
    case appended
    /// The page could not be fetched; the rows stay and `message` says why.
    /// Calling again asks for the same page.
    case failed
    /// Nothing was asked for: a page or the first page was loading, the list was at its end, or
    /// the saved page showed.
    case skipped
    /// The page arrived for a list that was refreshed or sorted meanwhile, or its caller was
    /// cancelled; nothing changed.
    case dropped
  }
}
