import Custody

// Each view model takes the owners its screen uses; these build them from the app's environment,
// for front ends and tests that hold one.

extension ProductDetailViewModel {
  /// The product screen of `productID` over `environment`'s repository and favourites.
  public convenience init(productID: Product.ID, environment: StorefrontEnvironment) {
    self.init(
      productID: productID, repository: environment.repository, favorites: environment.favorites,
      inspector: environment.inspector)
  }
}

extension SessionViewModel {
  /// The account screen over `environment`'s session and authentication service.
  public convenience init(environment: StorefrontEnvironment) {
    self.init(session: environment.session, auth: environment.auth)
  }
}

extension SearchViewModel {
  /// The search screen over `environment`'s repository, debounced on its configuration's clock.
  public convenience init(environment: StorefrontEnvironment, debounce: Duration = .milliseconds(300)) {
    self.init(
      repository: environment.repository, clock: environment.configuration.clock, debounce: debounce,
      inspector: environment.inspector)
  }
}

extension CategoriesViewModel {
  /// The category list over `environment`'s repository.
  public convenience init(environment: StorefrontEnvironment) {
    self.init(repository: environment.repository, inspector: environment.inspector)
  }
}
