import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import TestSupport
import Testing

/// The HTTP layer against servers that misbehave: connections that break, bodies that are not
/// what they claim, and protocol abuse. Each case names the typed failure a caller gets.
///
/// Cases already covered elsewhere are not repeated: statuses to categories, a refused
/// connection and a slow server timing out (`HTTPBinTransportTests`); size
/// limits, HTML and malformed JSON from httpbin (`HTTPBinBodyTests`); redirects to another
/// host (`HTTPBinRedirectTests`); a 401 refresh (`AuthorizationMiddlewareTests`); the
/// `Retry-After` cap in process (`RetryMiddlewareTests`).
@Suite(
  .enabled("needs python3 for scripts/faulty-server.py") { await FaultServer.isAvailable }, .timeLimit(.minutes(1)))
struct FaultMatrixTests {
  struct Listing: Decodable, Sendable {
    let products: [Entry]
    struct Entry: Decodable, Sendable { let id: Int }
  }

  func client(
    _ fault: String, _ configuration: URLSessionTransport.Configuration = .init(),
    middleware: [any HTTPMiddleware] = []
  ) async throws -> HTTPClient {
    HTTPClient(
      baseURL: try await FaultServer.url(fault), transport: URLSessionTransport(configuration: configuration),
      middleware: middleware, errorMessage: .jsonField("message"))
  }

  // MARK: The connection breaks

  // The app shows categories; the codes under them are the platform's. FoundationNetworking
  // (Linux) reports a body cut short as URL loading error -1 and an answer that is not HTTP as
  // -1002 (`.unsupportedURL`); the client keeps those codes, so the category is `.unknown`,
  // which screens word as "Something went wrong". Darwin's URLSession reports the same faults
  // with its own codes (a lost connection, a bad server response): there the test checks that
  // the category is one a broken connection can have, never a success, a timeout or a
  // cancellation.
  @Test(arguments: [
    ("close-mid-body", HTTPError.transport(code: -1, reason: "URL loading error -1"), Self.brokenConnection),
    ("close-mid-chunked", .transport(code: -1, reason: "URL loading error -1"), Self.brokenConnection),
    ("empty-reply", .invalidResponse(reason: "the server sent a malformed HTTP response"), Self.brokenConnection),
    ("reset", .offline(reason: "the connection was lost"), Self.brokenConnection),
    ("garbage", .transport(code: -1002, reason: "the URL is not supported"), Self.brokenConnection),
  ])
  func aBrokenConnectionIsATypedFailure(fault: String, onLinux: HTTPError, categories: [FailureCategory]) async throws {
    let failure = try await client(fault).failure(of: Endpoint<Listing>(path: "/products"))
    #expect(failure.map { categories.contains($0.failureCategory) } == true, "\(String(describing: failure))")
    #if canImport(FoundationNetworking)
      #expect(failure == onLinux)
    #endif
  }

  /// What a screen may say when a connection breaks: offline, a malformed answer, or that
  /// something went wrong.
  static let brokenConnection: [FailureCategory] = [.offline, .invalidResponse, .unknown]

  @Test(arguments: ["hang-after-headers", "hang"])
  func aServerThatStopsTalkingTimesOut(fault: String) async throws {
    let failure = try await client(fault).failure(of: Endpoint<Listing>(path: "/products", timeout: .seconds(1)))
    #expect(failure == .timedOut)
    #expect(failure?.failureCategory == .timedOut)
  }

  // A server that never answers: the only way the call can end is its caller's cancellation,
  // however slow the machine. A round trip on the same session after the request was handed
  // over puts it on the wire before the cancellation.
  @Test func cancellingTheCallerEndsARequestTheServerNeverAnswers() async throws {
    let server = try #require(await FaultServer.baseURL())
    let (sent, signal) = AsyncStream.makeStream(of: Void.self)
    let client = HTTPClient(
      baseURL: server, transport: URLSessionTransport(), middleware: [SentSignal(continuation: signal)])
    let call = Task { await client.failure(of: Endpoint<Listing>(path: "/hang")) }

    var iterator = sent.makeAsyncIterator()
    await iterator.next()
    #expect(await client.failure(of: Endpoint<Listing>(path: "/no-such-fault"))?.failureCategory == .notFound)
    call.cancel()

    #expect(await call.value == .cancelled)
  }

  // MARK: The body is not what it claims

  @Test(arguments: ["invalid-json", "truncated-json", "html-as-json"])
  func aBodyThatIsNotJSONIsAnInvalidResponse(fault: String) async throws {
    let failure = try await client(fault).failure(of: Endpoint<Listing>(path: "/products"))
    #expect(failure == .invalidResponse(reason: "the body is not valid JSON"))
    #expect(failure?.failureCategory == .invalidResponse)
  }

  /// The client decodes what it asked for and does not judge `Content-Type`: valid JSON served
  /// as `text/html` decodes.
  @Test func JSONServedAsHTMLStillDecodes() async throws {
    let listing = try await client("json-as-html").send(Endpoint<Listing>(path: "/products"))
    #expect(listing.products.map(\.id) == Array(1...20))
  }

  // MARK: Slow bodies (httpbin /drip)

  /// The timeout bounds silence, not the whole transfer: a body that keeps dripping within it
  /// arrives whole.
  @Test(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"))
  func aBodyDrippingFasterThanTheTimeoutArrives() async throws {
    let drip = Endpoint<Void>(
      path: "/drip", query: [.init(name: "duration", value: "2"), .init(name: "numbytes", value: "5")],
      timeout: .seconds(1.5))
    let response = try await HTTPBin.client().response(for: drip)
    #expect(response.body.count == 5)
  }

  @Test(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"))
  func aBodyDrippingSlowerThanTheTimeoutTimesOut() async {
    let drip = Endpoint<Void>(
      path: "/drip", query: [.init(name: "duration", value: "6"), .init(name: "numbytes", value: "2")],
      timeout: .seconds(1))
    let failure = await Self.failure(of: drip, on: HTTPBin.client())
    #expect(failure == .timedOut)
  }

  @Test(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"))
  func aDripOverTheSizeLimitStopsAtOnce() async {
    let drip = Endpoint<Void>(
      path: "/drip", query: [.init(name: "duration", value: "30"), .init(name: "numbytes", value: "50000")])
    let failure = await Self.failure(of: drip, on: HTTPBin.client(.init(maximumResponseSize: 10_000)))
    #expect(failure == .responseTooLarge(limit: 10_000))
  }

  static func failure(of endpoint: Endpoint<Void>, on client: HTTPClient) async -> HTTPError? {
    do {
      _ = try await client.response(for: endpoint)
      return nil
    } catch {
      return error
    }
  }

  // MARK: Protocol abuse

  /// A `Retry-After` beyond the retry policy's cap is not waited for: the caller learns the
  /// delay at once. The retry middleware sleeps on a test clock, so a wait would never end.
  @Test(arguments: [("retry-after-far", 86_400.0), ("retry-after-date", 365 * 86_400.0)])
  func aRetryAfterFarInTheFutureIsReturnedNotWaitedFor(fault: String, seconds: Double) async throws {
    let clock = TestClock()
    let failure = try await client(fault, middleware: [RetryMiddleware(clock: clock)])
      .failure(of: Endpoint<Listing>(path: "/products"))

    guard case .rateLimited(let delay?, let message)? = failure else {
      Issue.record("expected rate limited with a delay, got \(String(describing: failure))")
      return
    }
    #expect(abs(Double(delay.components.seconds) - seconds) < 120)
    #expect(message == "Too many requests")
    #expect(clock.sleeperCount == 0)
  }

  static let tooManyRedirects = HTTPError.transport(code: -1007, reason: "the redirects could not be followed")

  @Test func aRedirectLoopEndsWithATypedFailure() async throws {
    let failure = try await client("redirect-loop").failure(of: Endpoint<Listing>(path: "/products"))
    #expect(failure == Self.tooManyRedirects)
    #expect(failure?.failureCategory == .unknown)
  }

  @Test(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"))
  func redirectsBeyondTheLimitEndWithATypedFailure() async {
    let failure = await HTTPBin.client().failure(of: Endpoint<Echo>(path: "/redirect/40"))
    #expect(failure == Self.tooManyRedirects)
  }

  @Test(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"))
  func aRedirectToItselfEndsWithATypedFailure() async {
    let url = "/redirect-to?url=/redirect-to%3Furl%3D/redirect/40"
    let failure = await HTTPBin.client().failure(
      of: Endpoint<Echo>(path: "/redirect-to", query: [.init(name: "url", value: url)]))
    #expect(failure == Self.tooManyRedirects)
  }

  // MARK: Storms: many concurrent requests, all failing

  static let stormSize = 40

  /// Sends `stormSize` requests at once through `client` and returns each caller's failure.
  static func storm(_ client: HTTPClient, path: String) async -> [HTTPError?] {
    await withTaskGroup(of: HTTPError?.self) { group in
      for _ in 0..<stormSize { group.addTask { await client.failure(of: Endpoint<Echo>(path: path)) } }
      return await group.reduce(into: []) { $0.append($1) }
    }
  }

  @Test(
    .enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"),
    arguments: [
      (401, FailureCategory.unauthorized), (403, .forbidden), (404, .notFound), (429, .rateLimited(retryAfter: nil)),
      (500, .server(status: 500)), (503, .server(status: 503)),
    ])
  func everyCallerOfAStormGetsItsFailureAndTheClientGoesOn(status: Int, category: FailureCategory) async throws {
    let client = HTTPBin.client()
    let failures = await Self.storm(client, path: "/status/\(status)")

    #expect(failures.count == Self.stormSize)
    #expect(failures.allSatisfy { $0?.failureCategory == category && $0?.status == status })
    let echo = try await client.send(Endpoint<Echo>(path: "/get"))
    #expect(echo.headers["Host"] != nil, "the transport still works after the storm")
  }

  @Test(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"), arguments: [429, 503])
  func aRetriedStormMakesExactlyMaxAttemptsPerCaller(status: Int) async {
    let attempts = LockedState(0)
    let retry = RetryMiddleware(policy: .init(maxAttempts: 3), jitter: { _ in .zero })
    let client = HTTPBin.client(middleware: [retry, CountingMiddleware(count: attempts)])

    let failures = await Self.storm(client, path: "/status/\(status)")

    #expect(failures.allSatisfy { $0?.status == status })
    #expect(attempts.withLock { $0 } == Self.stormSize * 3)
  }

  /// Every request of the storm is refused with 401: each reports its credential once, the
  /// store refreshes at most as often as its policy allows, nobody loops, and the session,
  /// which the refresh never rejected, stays.
  @Test(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"))
  func aStormOf401sRefreshesWithinThePolicyAndKeepsTheSession() async {
    let refreshes = LockedState(0)
    let bearer = BearerAuthenticator { old in
      let number = refreshes.withLock { count in
        count += 1
        return count
      }
      return Credential(accessToken: "token-\(number)", refreshToken: old.refreshToken, expiresAt: nil)
    }
    let authorization = AuthorizationMiddleware(
      authenticator: bearer, credential: Credential(accessToken: "token-0", refreshToken: "refresh", expiresAt: nil))
    let tokens = authorization.tokens
    let client = HTTPBin.client(middleware: [authorization])

    let failures = await Self.storm(client, path: "/status/401")

    #expect(failures.allSatisfy { $0?.failureCategory == .unauthorized })
    #expect((1...tokens.policy.maxRefreshes).contains(refreshes.withLock { $0 }))
    #expect(await tokens.isSignedIn)
  }
}

/// Counts the requests that reach it.
struct CountingMiddleware: HTTPMiddleware {
  let count: LockedState<Int>

  func intercept(
    _ request: HTTPRequest, next: (HTTPRequest) async throws(HTTPError) -> HTTPResponse
  ) async throws(HTTPError) -> HTTPResponse {
    count.withLock { $0 += 1 }
    return try await next(request)
  }
}
