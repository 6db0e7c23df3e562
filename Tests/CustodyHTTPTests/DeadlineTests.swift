import Custody
import CustodyHTTP
import Foundation
import TestSupport
import Testing

/// The total deadline of a request: `URLSession`'s own timeout starts again with every byte, so a
/// server that drips its answer (`/drip` of `scripts/faulty-server.py`: a byte every 200 ms,
/// forever) is stopped only by the transport's deadline.
@Suite(
  .enabled("needs python3 for scripts/faulty-server.py") { await FaultServer.isAvailable }, .timeLimit(.minutes(1)))
struct DeadlineTests {
  struct Listing: Decodable, Sendable {}

  /// The idle timeout each request here gets: longer than the drip's pauses, so only a deadline
  /// can end it.
  static let idle = Duration.seconds(2)

  func client(_ fault: String, _ settings: URLSessionTransport.Configuration = .init()) async throws -> HTTPClient {
    HTTPClient(baseURL: try await FaultServer.url(fault), transport: URLSessionTransport(configuration: settings))
  }

  @Test func aDrippingAnswerIsStoppedAtTheRequestsDeadline() async throws {
    let client = try await client("drip")
    let failure = await client.failure(
      of: Endpoint<Listing>(path: "/products", timeout: Self.idle, deadline: .seconds(1.5)))

    #expect(failure == .deadlineExceeded(.seconds(1.5)))
    #expect(failure?.failureCategory == .timedOut)
    #expect(failure?.isDeadlineExceeded == true)
    // The endpoint's 1.5 s stopped it, not the transport's default of 60 s. (How long after that
    // the test goes on depends on the machine: under ThreadSanitizer beside a full run, 35 s.)
    #expect(failure?.description.contains("did not finish its answer within 1.5 s") == true)
  }

  @Test func everyRequestHasADefaultDeadlineThatAnEndpointCanChange() async throws {
    #expect(URLSessionTransport.Configuration().deadline == .seconds(60))
    #expect(URLSessionTransport.Configuration.defaultDeadline == .seconds(60))

    let short = try await client("drip", .init(timeout: Self.idle, deadline: .seconds(1)))
    let failure = await short.failure(of: Endpoint<Listing>(path: "/products"))
    #expect(failure == .deadlineExceeded(.seconds(1)), "the transport's deadline applies to a request without one")

    let longer = await short.failure(of: Endpoint<Listing>(path: "/products", deadline: .seconds(1.2)))
    #expect(longer == .deadlineExceeded(.seconds(1.2)), "the endpoint's own deadline wins")
  }

  @Test func aServerThatGoesSilentStillTimesOutAsSilent() async throws {
    let failure = try await client("hang-after-headers").failure(
      of: Endpoint<Listing>(path: "/products", timeout: .seconds(1), deadline: .seconds(30)))
    #expect(failure == .timedOut)
  }

  // MARK: Streams

  /// A stream may rightly stay open for long: the configured deadline does not end it.
  @Test func aStreamGetsNoDeadlineFromTheConfiguration() async throws {
    let client = try await client("drip", .init(timeout: Self.idle, deadline: .milliseconds(500)))
    let streamed = try await client.stream(Endpoint<Void>(path: "/events"))
    var received = 0
    for try await chunk in streamed.body {
      received += chunk.count
      if received >= 8 { break }  // 1.6 s of drip, past the configured deadline
    }
    #expect(received >= 8)
  }

  @Test func aStreamStopsAtItsOwnDeadline() async throws {
    let streamed = try await client("drip").stream(
      Endpoint<Void>(path: "/events", timeout: Self.idle, deadline: .seconds(1)))
    var failure: HTTPError?
    do {
      for try await _ in streamed.body {}
    } catch {
      failure = error
    }
    #expect(failure == .deadlineExceeded(.seconds(1)))
  }

  @Test func aStreamThatGoesSilentTimesOut() async throws {
    let streamed = try await client("hang-after-headers").stream(
      Endpoint<Void>(path: "/events", timeout: .seconds(1)))
    var failure: HTTPError?
    do {
      for try await _ in streamed.body {}
    } catch {
      failure = error
    }
    #expect(failure == .timedOut)
  }

  // MARK: Retries

  /// Each attempt would wait for the whole deadline again: a request over it is not retried.
  @Test func aRequestOverItsDeadlineIsNotRetried() async {
    let attempts = LockedState(0)
    let transport = InProcessTransport { _ in
      attempts.withLock { $0 += 1 }
      throw HTTPError.deadlineExceeded(.seconds(60))
    }
    let client = HTTPClient(
      baseURL: URL(string: "https://api.test")!, transport: transport,
      middleware: [RetryMiddleware(policy: .init(maxAttempts: 3), jitter: { _ in .zero })])

    #expect(await client.failure(of: Endpoint<Listing>(path: "/products")) == .deadlineExceeded(.seconds(60)))
    #expect(attempts.withLock { $0 } == 1)
  }
}
