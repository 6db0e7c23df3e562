import Custody
import CustodyHTTP
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct LoggingMiddlewareTests {
  final class Sink: Sendable {
    let records = LockedState<[HTTPLogRecord]>([])
    func append(_ record: HTTPLogRecord) { records.withLock { $0.append(record) } }
    var lines: [String] { records.withLock { $0.map(\.description) } }
  }

  struct Login: Codable, Sendable {
    let username: String
    let password: String
  }

  @Test func logsRequestAndResponseWithSecretsMasked() async throws {
    let sink = Sink()
    let transport = InProcessTransport { _ in
      try .json(
        ["accessToken": "acc-secret", "refreshToken": "ref-secret", "username": "emilys"],
        headers: ["Set-Cookie": "session=cookie-secret"])
    }
    let client = HTTPClient(
      baseURL: testBaseURL, transport: transport, middleware: [LoggingMiddleware(sink: sink.append)])
    let endpoint = Endpoint<[String: String]>(
      method: .post, path: "/auth/login", query: [.init(name: "token", value: "query-secret")],
      headers: ["Authorization": "Bearer header-secret", "Cookie": "c=cookie-secret"],
      json: Login(username: "emilys", password: "password-secret"))

    _ = try await client.send(endpoint)

    let lines = sink.lines
    #expect(lines.count == 2)
    for secret in ["acc-secret", "ref-secret", "cookie-secret", "header-secret", "query-secret", "password-secret"] {
      #expect(!lines.joined().contains(secret), "\(secret) leaked")
    }
    #expect(lines[0].hasPrefix("→ POST https://api.test/v1/auth/login?token=%3Credacted%3E"))
    #expect(lines[0].contains("emilys"))
    #expect(lines[1].hasPrefix("← 200 POST"))
    #expect(lines[1].contains("emilys"))
  }

  @Test func logsAFailureWithoutItsDetails() async {
    let sink = Sink()
    let transport = InProcessTransport { _ in throw HTTPError.timedOut }
    let client = HTTPClient(
      baseURL: testBaseURL, transport: transport, middleware: [LoggingMiddleware(sink: sink.append)])

    _ = await client.failure(of: .item(1))

    let records = sink.records.withLock { $0 }
    #expect(records.count == 2)
    guard case .failure(.timedOut, _)? = records.last?.event else {
      Issue.record("expected a failure record, got \(records)")
      return
    }
  }

  @Test func describesBodiesThatAreNotJSONOnlyBySize() async throws {
    let sink = Sink()
    let transport = InProcessTransport { _ in HTTPResponse(status: 200, body: Data("password=hunter2".utf8)) }
    let client = HTTPClient(
      baseURL: testBaseURL, transport: transport, middleware: [LoggingMiddleware(sink: sink.append)])

    _ = try await client.response(for: Endpoint<Void>(path: "/form"))

    #expect(sink.lines.last?.hasSuffix("<16 bytes>") == true)
  }
}
