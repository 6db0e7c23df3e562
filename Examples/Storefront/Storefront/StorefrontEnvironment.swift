import Custody
import CustodyHTTP
import Foundation

/// The app's composition root: one client, the services over it, and one of each owner.
///
/// Every front end (SwiftUI, the command line, tests) opens one environment and hands its
/// owners to view models.
///
/// ```swift
/// let environment = try await StorefrontEnvironment.open(configuration)
/// let catalog = CatalogViewModel(environment: environment)
/// await catalog.start()
/// ```
public final class StorefrontEnvironment: Sendable {
  public let configuration: StorefrontConfiguration
  public let products: any ProductService
  public let auth: any AuthService
  public let repository: ProductRepository
  public let session: UserSession
  public let favorites: Favorites
  public let offlineCatalog: OfflineCatalog
  /// The order and the category to list, and the last search, kept for the next start.
  public let preferences: Preferences
  /// Persisted files that were corrupt or unreadable at start, moved aside, and a saved
  /// credential that could not be read; one line each.
  public let loadProblems: [String]
  /// What the owners report to (the configuration's), for owners made later, such as a
  /// screen's `LatestTask`.
  public var inspector: (any OwnerInspector)? { configuration.inspector }
  /// The app's lifecycle, one hub for every cache: the front ends send the app coming back to
  /// its user and leaving (the browser its terminal's focus, SwiftUI its scene phase), the HTTP
  /// client a reconnection (a request answered after one could not reach the server), and on
  /// Apple platforms the system its own. The repository's caches follow it, so a product a
  /// screen watches (``ProductDetailViewModel/watch()``) is loaded again when it is stale.
  public let appEvents: LifecycleHub

  private init(
    configuration: StorefrontConfiguration, products: any ProductService, auth: any AuthService,
    repository: ProductRepository, session: UserSession, favorites: Favorites, offlineCatalog: OfflineCatalog,
    preferences: Preferences, loadProblems: [String], appEvents: LifecycleHub
  ) {
    self.configuration = configuration
    self.products = products
    self.auth = auth
    self.repository = repository
    self.session = session
    self.favorites = favorites
    self.offlineCatalog = offlineCatalog
    self.preferences = preferences
    self.loadProblems = loadProblems
    self.appEvents = appEvents
    repository.follow(appEvents)
  }

  /// Creates the data directory if needed, reads the persisted session, favourites, catalog
  /// page and preferences, and wires the owners together.
  ///
  /// Corrupt files are moved aside and the app starts with defaults; ``loadProblems`` lists them.
  ///
  /// - Throws: ``Error/dataDirectory(_:reason:)`` when the data directory cannot be created or
  ///   is not a directory.
  public static func open(_ configuration: StorefrontConfiguration) async throws(Error) -> StorefrontEnvironment {
    try prepare(configuration.dataDirectory)
    let clock = configuration.clock
    let appEvents = LifecycleHub(clock: clock)
    var middleware: [any HTTPMiddleware] = []
    if let retry = configuration.retry { middleware.append(RetryMiddleware(policy: retry, clock: clock)) }
    if let log = configuration.log { middleware.append(LoggingMiddleware(clock: clock, sink: log)) }
    middleware.append(ReconnectionMiddleware(lifecycle: appEvents))  // sees every attempt's answer
    let base = HTTPClient(
      baseURL: configuration.baseURL, transport: configuration.transport, middleware: middleware,
      errorMessage: .storefront)
    let authenticator = StorefrontAuthenticator(
      service: LiveAuthService(client: base, sessionLength: configuration.sessionLength, now: configuration.now))
    let session = await openSession(
      configuration, authenticator: authenticator, authorizes: protectedRoutes(of: configuration))

    var client = base
    // Authorization goes after retry, so every attempt carries the current credential.
    client.middleware.insert(session.authorization, at: configuration.retry == nil ? 0 : 1)

    let tokens = session.tokens
    let products = LiveProductService(client: client, usesProtectedRoutes: { await tokens.isSignedIn })
    let auth = LiveAuthService(
      client: client, sessionLength: configuration.sessionLength, logoutPath: configuration.logoutPath,
      now: configuration.now)
    return await assemble(configuration, session: session, products: products, auth: auth, appEvents: appEvents)
  }

  /// Which requests carry the credential: the protected `/auth/…` routes below the base URL,
  /// so browsing works signed out. The session's own calls there (login, refresh, logout) go
  /// out as they are: a login has no credential yet, and a logout sends the one it ends.
  static func protectedRoutes(of configuration: StorefrontConfiguration) -> @Sendable (HTTPRequest) -> Bool {
    let path = configuration.baseURL.path(percentEncoded: false)
    let base = path.hasSuffix("/") ? String(path.dropLast()) : path
    let sessionRoutes = Set(
      ["/auth/login", "/auth/refresh", configuration.logoutPath].compactMap { route in
        route.map { base + ($0.hasPrefix("/") ? $0 : "/" + $0) }
      })
    return { request in request.path.hasPrefix(base + "/auth/") && !sessionRoutes.contains(request.path) }
  }

  /// Opens the persisted session of the configuration's server, renewing credentials with
  /// `authenticator` and authorizing the requests `authorizes` accepts.
  static func openSession(
    _ configuration: StorefrontConfiguration, authenticator: some Authenticator,
    authorizes: @escaping @Sendable (HTTPRequest) -> Bool = { _ in true }
  ) async -> UserSession {
    let server = configuration.sessionServer
    return await UserSession.open(
      store: await FileStore.open(
        url: configuration.dataDirectory.appending(path: configuration.sessionFileName), default: nil,
        protection: .ownerOnly, name: "session file", inspector: configuration.inspector),
      server: server, credentials: configuration.credentialStorage?(server), now: configuration.now,
      clock: configuration.clock, authenticator: authenticator, authorizes: authorizes,
      inspector: configuration.inspector)
  }

  /// Reads favourites, the offline page and the preferences, and puts the environment together.
  /// Favourites, the offline page and the products seen are the server's own, each in its file
  /// (``StorefrontConfiguration/dataFileName(_:)``): ids and pages of one server mean nothing on
  /// another. The preferences are the app's. The caches follow `appEvents`, a new hub when `nil`.
  static func assemble(
    _ configuration: StorefrontConfiguration, session: UserSession, products: any ProductService,
    auth: any AuthService, appEvents: LifecycleHub? = nil
  ) async -> StorefrontEnvironment {
    let directory = configuration.dataDirectory
    let inspector = configuration.inspector
    let favorites = Favorites(
      store: await FileStore.open(
        url: directory.appending(path: configuration.dataFileName("favorites")), default: [], name: "favourites file",
        inspector: inspector),
      inspector: inspector)
    let offline = OfflineCatalog(
      store: await FileStore.open(
        url: directory.appending(path: configuration.dataFileName("catalog")), default: nil, name: "offline page",
        inspector: inspector),
      server: configuration.baseURL,
      now: configuration.now)
    let preferences = Preferences(
      store: await FileStore.open(
        url: directory.appending(path: "preferences.json"), default: Preferences.Saved(), name: "preferences",
        inspector: inspector))
    let repository = await ProductRepository.open(
      service: products, keepingProductsIn: directory.appending(path: configuration.dataFileName("products")),
      clock: configuration.clock, now: configuration.now, inspector: inspector)
    var problems: [String] = []
    if let problem = session.loadProblem { problems.append(FailureCopy.fileProblem(problem)) }
    if let problem = session.credentialProblem { problems.append(FailureCopy.credentialProblem(problem)) }
    if let problem = favorites.loadProblem { problems.append(FailureCopy.fileProblem(problem)) }
    if let problem = offline.loadProblem { problems.append(FailureCopy.fileProblem(problem)) }
    if let problem = preferences.loadProblem { problems.append(FailureCopy.fileProblem(problem)) }
    // Products kept in an older format are dropped without a word: they are only a cache.
    if case .file(let problem) = repository.loadProblem { problems.append(FailureCopy.fileProblem(problem)) }
    return StorefrontEnvironment(
      configuration: configuration, products: products, auth: auth,
      repository: repository,
      session: session,
      favorites: favorites, offlineCatalog: offline, preferences: preferences, loadProblems: problems,
      appEvents: appEvents ?? LifecycleHub(clock: configuration.clock))
  }

  /// A new catalog feed in `sort` order, of `category` or all products, starting after `skip`
  /// products, in pages of `pageSize` (`nil`: the configuration's). It follows the favourites and
  /// edited products, shows and keeps the offline page, and paces retries on the configuration's
  /// clock. The first page it keeps is the app's own only: in the order and of the category
  /// ``Preferences`` keeps, from the first product, in pages of the configuration's size.
  public func catalogFeed(
    sort: ProductSort? = nil, category: String? = nil, skip: Int = 0, pageSize: Int? = nil
  ) -> CatalogFeed {
    let size = pageSize ?? configuration.pageSize
    let isTheAppsWindow = skip == 0 && size == configuration.pageSize
    let links = CatalogFeed.Links(
      offline: offlineCatalog,
      keepsFirstPage: { [preferences] in
        isTheAppsWindow && $0 == CatalogFeed.Query(sort: preferences.sort, category: preferences.category?.slug)
      },
      favorites: favorites, repository: repository, clock: configuration.clock)
    return CatalogFeed(
      service: products, sort: sort, category: category, pageSize: size, skip: skip, links: links, inspector: inspector)
  }

  /// Makes the data directory (0700) if it is missing. One that exists, and belongs to this
  /// user, is made 0700 too: it holds sessions, and a folder made by hand (or by `mkdir` with
  /// the usual umask) would let every user list and read what is not a secret file.
  static func prepare(_ directory: URL) throws(Error) {
    var isDirectory: ObjCBool = false
    let manager = FileManager.default
    if manager.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw .dataDirectory(directory, reason: "it is a file, not a folder") }
      let attributes = try? manager.attributesOfItem(atPath: directory.path)
      let owner = (attributes?[.ownerAccountID] as? NSNumber)?.uint32Value
      let mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? 0
      if owner == getuid(), mode & 0o077 != 0 {
        // Best effort: a folder that refuses (a read-only mount) still works as it is.
        try? manager.setAttributes([.posixPermissions: mode & 0o700], ofItemAtPath: directory.path)
      }
      return
    }
    do {
      try manager.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .dataDirectory(directory, reason: (error as NSError).localizedDescription)
    }
  }

  /// Why an environment could not be opened.
  public enum Error: Swift.Error, Sendable, CustomStringConvertible, CategorizedError {
    /// The data directory could not be created or is not a folder.
    case dataDirectory(URL, reason: String)

    public var failureCategory: FailureCategory { .storage }

    public var description: String {
      switch self {
      case .dataDirectory(let url, let reason):
        "Cannot use \(url.path) as the data folder: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason). "
          + "Choose another folder."
      }
    }
  }
}
