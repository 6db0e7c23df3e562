import Custody
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
    let directory = configuration.dataDirectory
    try makeDirectory(directory)
    let session = await UserSession.open(
      store: FileStore(url: directory.appending(path: "session.json"), default: nil, protection: .ownerOnly),
      now: configuration.now, clock: configuration.clock, refresh: { try await auth.refresh($0) })
    let favorites = Favorites(store: FileStore(url: directory.appending(path: "favorites.json"), default: []))
    let offline = OfflineCatalog(
      store: FileStore(url: directory.appending(path: "catalog.json"), default: nil), now: configuration.now)
    var problems: [String] = []
    if let problem = await session.loadProblem { problems.append(problem.description) }
    if let problem = await favorites.load() { problems.append(problem.description) }
    if let problem = await offline.load() { problems.append(problem.description) }
    return StorefrontEnvironment(
      configuration: configuration, products: products, auth: auth,
      repository: ProductRepository(service: products, clock: configuration.clock), session: session,
      favorites: favorites, offlineCatalog: offline, loadProblems: problems)
  }

  /// Makes the data directory (0700) if it is missing, as `open(_:)` does.
  private static func makeDirectory(_ directory: URL) throws(Error) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw .dataDirectory(directory, reason: "it is a file, not a folder") }
      return
    }
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .dataDirectory(directory, reason: (error as NSError).localizedDescription)
    }
  }
}
