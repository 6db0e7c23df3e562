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
/// It answers the recorded requests of the public service with the same statuses, body kinds
/// (JSON, HTML or text), envelopes, field sets and messages; the data is generated. Three
/// differences are deliberate: edits made with `PUT` or `PATCH /products/{id}` are kept;
/// `POST /auth/logout` (and ``revoke(token:)``) ends the session; latency, failures and the
/// rate limit are knobs (``Configuration``), all off by default.
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
    let relativePath = relativePath(of: request)
    let components = relativePath.split(separator: "/")
    let path = "/" + components.joined(separator: "/")
    let arrival = state.withLock { $0.arrive(path: path, at: elapsed()) }
    if configuration.latency > .zero { try await sleep(configuration.latency) }
    var response = try await answer(request, relativePath: relativePath, components: components, arrival: arrival)
    if let window = arrival.window, let rateLimit = configuration.rateLimit {
      let reset = now().addingTimeInterval(window.endsIn.timeInterval).timeIntervalSince1970.rounded(.up)
      response.headers["X-RateLimit-Limit"] = String(rateLimit.requests)
      response.headers["X-RateLimit-Remaining"] = String(window.remaining)
      response.headers["X-RateLimit-Reset"] = String(Int(reset))
    }
    return response
  }

  private func answer(
    _ request: HTTPRequest, relativePath: String, components: [Substring], arrival: BackendState.Arrival
  ) async throws -> HTTPResponse {
    if arrival.isLimited, let rateLimit = configuration.rateLimit {
      return .jsonMessage(
        "request limit exceeded, please wait a few seconds", status: 429,
        headers: ["Retry-After": String(Int(rateLimit.window.timeInterval.rounded(.up)))])
    }
    if relativePath.count > 1 && relativePath.hasSuffix("/") {
      return ServerPages.redirect(to: redirectLocation(request, relativePath: relativePath))
    }
    if relativePath.contains("//") { return ServerPages.notFound(method: request.method, path: request.path) }
    let options: QueryOptions
    do { options = try QueryOptions(request) } catch { return error.response }
    if options.delay > .zero { try await sleep(options.delay) }
    try Task.checkCancellation()
    if arrival.fails { return .jsonMessage("Simulated failure", status: 500) }
    do {
      return try respond(to: request, components: components, options: options)
    } catch {
      return error.response
    }
  }

  /// The path below the base URL's path, starting with a slash.
  private func relativePath(of request: HTTPRequest) -> String {
    var path = request.path[...]
    if !basePath.isEmpty && path.hasPrefix(basePath) { path = path.dropFirst(basePath.count) }
    return path.hasPrefix("/") ? String(path) : "/" + path
  }

  /// The same address without the trailing slash and with runs of slashes made one, as the
  /// public service redirects.
  private func redirectLocation(_ request: HTTPRequest, relativePath: String) -> String {
    var location = basePath + "/" + relativePath.split(separator: "/").joined(separator: "/")
    if let query = request.url.query(percentEncoded: true) { location += "?" + query }
    return location
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    var text = self
    while text.hasSuffix(suffix) { text.removeLast(suffix.count) }
    return text
  }
}
