import Custody
import CustodyHTTP
import Foundation

extension StorefrontEnvironment {
  /// Opens an environment over the given services instead of services built on HTTP: the way
  /// to inject fakes in previews and tests.
  ///
  /// The owners are the real ones: the repository, feeds, favourites, offline page and session
  /// work as in the app, over `products` and `auth`, with their files in the configuration's
  /// data directory. The configuration's transport, retry policy and log are not used; the
  /// session renews credentials with `auth.refresh(_:)`.
  ///
  /// ```swift
  /// let environment = try await StorefrontEnvironment.open(
  ///   StorefrontConfiguration(baseURL: url, transport: unused, dataDirectory: folder),
  ///   products: PreviewProducts(), auth: PreviewAuth())
  /// let catalog = CatalogViewModel(environment: environment)
  /// ```
  ///
  /// - Throws: ``Error/dataDirectory(_:reason:)`` when the data directory cannot be created or
  ///   is not a directory.
  public static func open(
    _ configuration: StorefrontConfiguration, products: any ProductService, auth: any AuthService
  ) async throws(Error) -> StorefrontEnvironment {
    try prepare(configuration.dataDirectory)
    let session = await openSession(configuration, authenticator: BearerAuthenticator { try await auth.refresh($0) })
    return await assemble(configuration, session: session, products: products, auth: auth)
  }
}
