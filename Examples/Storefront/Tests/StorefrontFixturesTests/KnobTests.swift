import CustodyHTTP
import CustodyTesting
import Foundation
import StorefrontFixtures
import Testing

@Suite(.timeLimit(.minutes(1)))
struct KnobTests {
  @Test func delayHoldsTheAnswerUntilTheClockReachesIt() async throws {
    let server = try Server()

    async let response = server.send(.get, "/products/1?delay=2000")
    try await server.clock.waitForSleepers(1)
    server.clock.advance(by: .milliseconds(1_999))
    #expect(server.clock.sleeperCount == 1)
    server.clock.advance(by: .milliseconds(1))

    #expect(try await response.status == 200)
  }

  @Test func cancellingDuringADelayThrowsCancellationAtOnce() async throws {
    let server = try Server()
    let request = Task { try await server.send(.get, "/products?delay=5000") }
    try await server.clock.waitForSleepers(1)

    request.cancel()

    await #expect(throws: CancellationError.self) { try await request.value }
    #expect(server.clock.sleeperCount == 0)
  }

  @Test(arguments: [
    ("6000", "Delay cannot be greater than 5 seconds"),
    ("soon", "Delay must be a number in milliseconds"),
  ])
  func delayOutOfRangeIsABadRequest(delay: String, message: String) async throws {
    let response = try await Server().send(.get, "/products?delay=\(delay)")

    #expect(response.status == 400 && response.message == message)
  }

  @Test func latencyDelaysEveryRequestOnTheClock() async throws {
    let server = try Server { $0.latency = .milliseconds(300) }

    async let response = server.send(.post, "/auth/login", json: "{}")
    try await server.clock.waitForSleepers(1)
    server.clock.advance(by: .milliseconds(299))
    #expect(server.clock.sleeperCount == 1)
    server.clock.advance(by: .milliseconds(1))

    #expect(try await response.status == 400)
  }

  @Test func failureRateFailsTheSameRequestsForTheSameSeed() async throws {
    func statuses(seed: UInt64) async throws -> [Int] {
      let server = try Server {
        $0.failureRate = 0.3
        $0.seed = seed
      }
      var statuses: [Int] = []
      for id in 1...60 { statuses.append(try await server.send(.get, "/products/\(id)").status) }
      #expect(server.backend.statistics.simulatedFailures == statuses.count { $0 == 500 })
      return statuses
    }

    let first = try await statuses(seed: 7)
    let second = try await statuses(seed: 7)
    let failures = first.count { $0 == 500 }

    #expect(first == second)
    #expect((8...30).contains(failures))
    #expect(Set(first) == [200, 500])
  }

  @Test func failedRequestsSayTheFailureWasSimulated() async throws {
    let server = try Server { $0.failureRate = 1 }

    let response = try await server.send(.get, "/products")

    #expect(response.status == 500 && response.message == "Simulated failure")
  }

  @Test func rateLimitAnswers429WithRetryAfterTheWindowUntilTheWindowEnds() async throws {
    let server = try Server { $0.rateLimit = .init(requests: 3, window: .seconds(10)) }
    for _ in 1...3 { #expect(try await server.send(.get, "/products/1").status == 200) }

    let limited = try await server.send(.get, "/products/1")
    server.clock.advance(by: .seconds(4))
    let stillLimited = try await server.send(.get, "/products/1")
    server.clock.advance(by: .seconds(6))
    let allowed = try await server.send(.get, "/products/1")

    #expect(limited.status == 429 && limited.headers["Retry-After"] == "10")
    #expect(limited.message == "request limit exceeded, please wait a few seconds")
    #expect(stillLimited.status == 429 && stillLimited.headers["Retry-After"] == "10")
    #expect(allowed.status == 200)
    #expect(server.backend.statistics.rateLimited == 2)
    #expect(server.backend.requestCount == 6)
  }

  @Test func everyAnswerCountsDownTheWindowInRateLimitHeaders() async throws {
    let server = try Server { $0.rateLimit = .init(requests: 2, window: .seconds(10)) }
    let reset = String(Int(server.wallClock.now.timeIntervalSince1970) + 10)

    let answers = [
      try await server.send(.get, "/products/1"), try await server.send(.get, "/no-such-thing"),
      try await server.send(.get, "/products/1"),
    ]

    #expect(answers.map(\.status) == [200, 404, 429])
    #expect(answers.map { $0.headers["X-RateLimit-Remaining"] } == ["1", "0", "0"])
    #expect(answers.allSatisfy { $0.headers["X-RateLimit-Limit"] == "2" && $0.headers["X-RateLimit-Reset"] == reset })
    #expect(try await Server().send(.get, "/products/1").headers["X-RateLimit-Limit"] == nil)
  }

  @Test func rateLimitReachesTheClientAsRateLimitedWithItsDelay() async throws {
    let server = try Server { $0.rateLimit = .init(requests: 1, window: .seconds(30)) }
    let client = server.backend.makeClient()
    _ = try await client.send(Endpoint<ProductBody>(path: "/products/1"))

    await #expect(
      throws: HTTPError.rateLimited(
        retryAfter: .seconds(30), message: "request limit exceeded, please wait a few seconds")
    ) {
      try await client.send(Endpoint<ProductBody>(path: "/products/1"))
    }
  }

  @Test func invalidConfigurationIsRefused() {
    #expect(throws: EmbeddedBackend.Error.self) { try Server { $0.failureRate = 2 } }
    #expect(throws: EmbeddedBackend.Error.self) { try Server { $0.productCount = 100_001 } }
    #expect(throws: EmbeddedBackend.Error.self) {
      try Server { $0.rateLimit = .init(requests: 0, window: .seconds(1)) }
    }
  }
}
