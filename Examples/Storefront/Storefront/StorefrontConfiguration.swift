import Custody
import CustodyHTTP
import Foundation

/// Where Storefront talks to and where it keeps its files.
public struct StorefrontConfiguration: Sendable {
  /// The API's base URL, such as `https://dummyjson.com`.
  public var baseURL: URL
  /// Sends requests: `URLSessionTransport` for a real server, the embedded backend otherwise.
  public var transport: any HTTPTransport
  /// Holds the session (0600), favourites and the offline catalog page. Created 0700.
  public var dataDirectory: URL
  /// The server the session belongs to, and is sent to alone; `nil`: the origin of ``baseURL``.
  /// Set a name for a server reached in process, such as an embedded backend.
  public var server: ServerOrigin? = nil
  /// The server whose session, favourites, offline page and products seen are kept in
  /// `session.json`, `favorites.json`, `catalog.json` and `products.json`, the app's usual one;
  /// `nil`: ``server``. Another server's are kept in files named after it, such as
  /// `session-https-dummyjson.com-443.json` and `favorites-https-dummyjson.com-443.json`, so each
  /// server keeps its own. Those files, written before each server had its own, belong to this one.
  public var defaultServer: ServerOrigin? = nil
  /// Where a server's session keeps its credential instead of the session file (the Keychain
  /// on Apple platforms), given the server: each server needs a storage of its own. `nil`
  /// keeps the credential in the owner-only file.
  public var credentialStorage: (@Sendable (ServerOrigin) -> any SessionCredentialStorage)? = nil
  /// Products per catalog page.
  public var pageSize: Int
  /// The access-token lifetime to ask for at sign-in.
  public var sessionLength: Duration
  /// The route that ends a session on the server at sign-out, such as `/auth/logout`; `nil`
  /// where the server has none (the public service), and sign-out is then local only.
  public var logoutPath: String?
  /// Retry policy for idempotent requests; `nil` sends each request once.
  public var retry: RetryMiddleware.Policy?
  /// Receives a record of every request, secrets redacted; `nil` logs nothing.
  public var log: (@Sendable (HTTPLogRecord) -> Void)?
  /// The wall clock, for token expiry and "updated at" times.
  public var now: @Sendable () -> Date
  /// The clock caches, retries and debouncing measure time with.
  public var clock: any Clock<Duration>
  /// Receives the events of every owner the environment makes (caches, feeds, files, the
  /// screens' `LatestTask`s), each under a name such as "products"; `nil` inspects nothing.
  public var inspector: (any OwnerInspector)? = nil

  public init(
    baseURL: URL, transport: any HTTPTransport, dataDirectory: URL, pageSize: Int = 30,
    sessionLength: Duration = .seconds(30 * 60), logoutPath: String? = nil,
    retry: RetryMiddleware.Policy? = RetryMiddleware.Policy(),
    log: (@Sendable (HTTPLogRecord) -> Void)? = nil, now: @escaping @Sendable () -> Date = { Date() },
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.dataDirectory = dataDirectory
    self.pageSize = pageSize
    self.sessionLength = sessionLength
    self.logoutPath = logoutPath
    self.retry = retry
    self.log = log
    self.now = now
    self.clock = clock
  }

  /// The server the session belongs to: ``server``, or else the origin of ``baseURL``.
  var sessionServer: ServerOrigin { server ?? ServerOrigin(baseURL) }

  /// The name of the session file of ``sessionServer`` in the data directory.
  var sessionFileName: String { dataFileName("session") }

  /// The name of a data file that holds what one server said, such as the session or the
  /// products seen: `name.json` for the default server, `name-host.json` for another, so
  /// nothing one server said is shown or sent as another's.
  func dataFileName(_ name: String) -> String {
    let server = sessionServer
    return server == (defaultServer ?? server) ? "\(name).json" : "\(name)-\(server.fileName).json"
  }
}
