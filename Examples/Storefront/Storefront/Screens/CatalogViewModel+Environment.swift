// The view model wired to the app's owners, for the screens and the command line.
extension CatalogViewModel {
  /// The view model over `environment`'s feed for `sort`, `category` (`nil`: all), a window after
  /// `skip` products and `pageSize` (`nil`: the configuration's).
  public convenience init(
    environment: StorefrontEnvironment, sort: ProductSort? = nil, category: String? = nil, skip: Int = 0,
    pageSize: Int? = nil
  ) {
    let feed = environment.catalogFeed(sort: sort, category: category, skip: skip, pageSize: pageSize)
    self.init(feed: feed, sort: sort, category: category, favorites: environment.favorites.ids)
  }
}
