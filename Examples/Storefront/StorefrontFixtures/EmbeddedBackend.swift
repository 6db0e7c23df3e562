import Custody
import CustodyHTTP
import Foundation

/// The Storefront API (the contract of DummyJSON) served in process from a generated catalog.
///
/// The backend is an `HTTPTransport`: give it to an `HTTPClient` whose base URL is the
/// configuration's ``Configuration/baseURL`` and the app runs offline, in tests and on the
/// command line, exactly as it runs against the public service. Paging, search, categories,
/// login, token refresh and the protected `/auth/…` routes answer with the same shapes,
/// statuses and messages.
///
/// ```swift
/// let backend = try EmbeddedBackend()
/// let client = backend.makeClient()
/// let page = try await client.send(Endpoint<ProductPage>(path: "/products", query: [.init(name: "limit", value: "10")]))
/// print("The server saw \(backend.statistics.requests) requests")
/// ```
///
/// Differences from the public service, all deliberate: edits made with `PUT` or `PATCH
/// /products/{id}` are kept; tokens are random opaque strings, not JWTs; a refreshed refresh
/// token stops working; ``revoke(token:)`` and `POST /auth/logout` end a session; latency,
/// failures and the rate limit are knobs (``Configuration``).
///
/// Time is injected: sleeps (latency, `?delay=`, the rate window) use `clock`, token expiry
/// uses `now`, so a test decides when a delay ends and when a token expires.
public final class EmbeddedBackend: HTTPTransport {
  /// What this backend serves.
  public let configuration: Configuration

  let state: LockedState<BackendState>
  let auth: AuthService
  private let sleep: @Sendable (Duration) async throws -> Void
  private let elapsed: @Sendable () -> Duration
  let now: @Sendable () -> Date
  private let basePath: String
  let assetBase: String

  /// Generates the catalog and starts serving.
  ///
  /// Generation and encoding are synchronous: a few milliseconds for the default 200 products,
  /// about a second for 100,000 in a release build (10 seconds in a debug build). Create a
  /// large backend off the main actor.
  ///
  /// - Parameters:
  ///   - configuration: The catalog and the knobs.
  ///   - clock: The clock that latency, `?delay=` and the rate window run on; pass a test
  ///     clock in tests.
  ///   - now: The wall clock that access and refresh tokens expire by.
  /// - Throws: ``Error/invalidConfiguration(reason:)`` when a knob is out of range.
  public init(
    configuration: Configuration = Configuration(), clock: some Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) throws(Error) {
    if let problem = configuration.problem { throw .invalidConfiguration(reason: problem) }
    self.configuration = configuration
    var base = configuration.baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    assetBase = base
    basePath = configuration.baseURL.path(percentEncoded: false).trimmingSuffix("/")
    let generator = CatalogGenerator(seed: configuration.seed, assetBase: base)
    state = LockedState(
      BackendState(
        catalog: CatalogState(generator: generator, count: configuration.productCount), configuration: configuration))
    auth = AuthService(
      users: DemoUser.all(assetBase: base), accessLifetime: configuration.tokenLifetime,
      refreshLifetime: configuration.refreshTokenLifetime)
    let start = clock.now
    sleep = { try await clock.sleep(for: $0) }
    elapsed = { start.duration(to: clock.now) }
    self.now = now
  }

  /// Answers `request` as the public service would, after the configured latency and any
  /// `?delay=`.
  ///
  /// - Throws: `CancellationError` at once when the calling task is cancelled while the
  ///   request waits; every other outcome is a response, error statuses included.
  @concurrent
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try Task.checkCancellation()
    let components = routedComponents(of: request)
    let path = "/" + components.joined(separator: "/")
    let arrival = state.withLock { $0.arrive(path: path, at: elapsed()) }
    if configuration.latency > .zero { try await sleep(configuration.latency) }
    if let retryAfter = arrival.retryAfter { return Self.rateLimited(retryAfter: retryAfter) }
    let options: QueryOptions
    do { options = try QueryOptions(request) } catch { return error.response }
    if options.delay > .zero { try await sleep(options.delay) }
    try Task.checkCancellation()
    if arrival.fails { return .message("Simulated failure", status: 500) }
    do {
      return try respond(to: request, components: components, options: options)
    } catch {
      return error.response
    }
  }

  /// The path components below the base URL's path.
  private func routedComponents(of request: HTTPRequest) -> [Substring] {
    var path = request.path[...]
    if !basePath.isEmpty && path.hasPrefix(basePath) { path = path.dropFirst(basePath.count) }
    return path.split(separator: "/")
  }

  private static func rateLimited(retryAfter: Duration) -> HTTPResponse {
    let seconds = max(1, Int(retryAfter.timeInterval.rounded(.up)))
    return .message(
      "request limit exceeded, please wait a few seconds", status: 429, headers: ["Retry-After": String(seconds)])
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    var text = self
    while text.hasSuffix(suffix) { text.removeLast(suffix.count) }
    return text
  }
}
