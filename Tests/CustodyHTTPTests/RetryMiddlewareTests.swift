import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct RetryMiddlewareTests {
  let clock = TestClock()
  let server = ScriptedServer()

  /// A client that retries what `retries` accepts up to `attempts` times with predictable
  /// waits: 1 s, 2 s, 4 s…
  func client(
    attempts: Int = 3, now: Date = Date(),
    retries: @escaping @Sendable (HTTPRequest) -> Bool = RetryMiddleware.isIdempotent
  ) -> HTTPClient {
    let policy = RetryMiddleware.Policy(maxAttempts: attempts, baseDelay: .seconds(1), maxDelay: .seconds(4))
    let retry = RetryMiddleware(policy: policy, clock: clock, jitter: { $0 }, now: { now }, retries: retries)
    return .inProcess(server, middleware: [retry])
  }

  @Test func retriesA503WithExponentialBackoffUntilItSucceeds() async throws {
    async let item = client().send(.item(1))

    try await server.waitForCalls(1)[0].answer(503)
    try await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(999))
    #expect(server.callCount == 1, "no retry before the first backoff has passed")
    clock.advance(by: .milliseconds(1))

    try await server.waitForCalls(2)[1].answer(503)
    try await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(1999))
    #expect(server.callCount == 2, "the second backoff is twice as long")
    clock.advance(by: .milliseconds(1))

    try await server.waitForCalls(3)[2].resolve(try .json(Item(id: 1)))
    #expect(try await item == Item(id: 1))
  }

  @Test func waitsForRetryAfterSecondsOnA429() async throws {
    async let item = client().send(.item(1))

    try await server.waitForCalls(1)[0].answer(429, headers: ["Retry-After": "5"])
    try await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(4999))
    #expect(server.callCount == 1)
    clock.advance(by: .milliseconds(1))

    try await server.waitForCalls(2)[1].resolve(try .json(Item(id: 1)))
    #expect(try await item == Item(id: 1))
  }

  @Test func waitsForRetryAfterGivenAsAnHTTPDate() async throws {
    let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT
    async let item = client(now: now).send(.item(1))

    try await server.waitForCalls(1)[0].answer(503, headers: ["Retry-After": "Tue, 14 Nov 2023 22:13:27 GMT"])
    try await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(6999))
    #expect(server.callCount == 1)
    clock.advance(by: .milliseconds(1))

    try await server.waitForCalls(2)[1].resolve(try .json(Item(id: 1)))
    #expect(try await item == Item(id: 1))
  }

  @Test func doesNotWaitForARetryAfterBeyondTheCap() async throws {
    async let failure = client().failure(of: .item(1))

    try await server.waitForCalls(1)[0].answer(429, headers: ["Retry-After": "3600"])

    #expect(await failure?.failureCategory == .rateLimited(retryAfter: .seconds(3600)))
    #expect(server.callCount == 1)
    #expect(clock.sleeperCount == 0)
  }

  @Test func doesNotRetryAPost() async throws {
    async let failure = client().failure(of: .create(Item(id: 1)))

    try await server.waitForCalls(1)[0].answer(503)

    #expect(await failure?.failureCategory == .server(status: 503))
    #expect(server.callCount == 1)
    #expect(clock.sleeperCount == 0)
  }

  @Test func retriesAPostItsPredicateAccepts() async throws {
    async let item = client(retries: { $0.path.hasSuffix("/items") }).send(.create(Item(id: 1)))

    try await server.waitForCalls(1)[0].answer(502)
    try await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))

    try await server.waitForCalls(2)[1].resolve(try .json(Item(id: 1)))
    #expect(try await item == Item(id: 1))
  }

  @Test func sendsAGetItsPredicateDeclinesOnce() async throws {
    async let failure = client(retries: { _ in false }).failure(of: .item(1))

    try await server.waitForCalls(1)[0].answer(503)

    #expect(await failure?.failureCategory == .server(status: 503))
    #expect(server.callCount == 1)
    #expect(clock.sleeperCount == 0)
  }

  @Test func givesUpAfterTheLastAttemptWithTheLastFailure() async throws {
    async let failure = client(attempts: 2).failure(of: .item(1))

    try await server.waitForCalls(1)[0].answer(500)
    try await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    try await server.waitForCalls(2)[1].answer(504)

    #expect(await failure?.failureCategory == .server(status: 504))
    #expect(server.callCount == 2)
  }

  @Test func retriesATransientTransportFailure() async throws {
    async let item = client().send(.item(1))

    try await server.waitForCalls(1)[0].fail(HTTPError.offline(reason: "the connection was lost"))
    try await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))

    try await server.waitForCalls(2)[1].resolve(try .json(Item(id: 1)))
    #expect(try await item == Item(id: 1))
  }

  @Test(arguments: [400, 401, 404, 501])
  func doesNotRetryAFailureThatWillNotPass(status: Int) async throws {
    async let failure = client().failure(of: .item(1))

    try await server.waitForCalls(1)[0].answer(status)

    #expect(await failure?.status == status)
    #expect(server.callCount == 1)
  }

  @Test func cancellingTheCallerEndsTheWaitAtOnce() async throws {
    let client = client()
    let call = Task { await client.failure(of: .item(1)) }

    try await server.waitForCalls(1)[0].answer(503)
    try await clock.waitForSleepers(1)
    call.cancel()

    #expect(await call.value == .cancelled)
    #expect(server.callCount == 1)
    #expect(clock.sleeperCount == 0)
  }

  @Test func fullJitterStaysWithinTheCeiling() {
    for _ in 0..<100 {
      let delay = RetryMiddleware.fullJitter(.seconds(2))
      #expect(delay >= .zero && delay <= .seconds(2))
    }
  }
}
