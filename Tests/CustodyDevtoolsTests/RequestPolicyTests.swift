import Testing

@testable import CustodyDevtools

@Suite struct RequestPolicyTests {
  private let policy = RequestPolicy(token: "s3cret", host: "127.0.0.1", port: 4000)

  private func answer(
    _ target: String, method: String = "GET", host: String? = "127.0.0.1:4000", origin: String? = nil
  ) -> RequestPolicy.Answer {
    var headers: [(name: String, value: String)] = []
    if let host { headers.append(("host", host)) }
    if let origin { headers.append(("origin", origin)) }
    return policy.answer(RequestHead(method: method, target: target, headers: headers))
  }

  @Test func servesThePageAndTheStreamWithTheToken() {
    #expect(answer("/?token=s3cret") == .page)
    #expect(answer("/events?token=s3cret") == .events)
    #expect(answer("/?token=s3cret", host: "localhost:4000") == .page)
    #expect(answer("/events?token=s3cret", origin: "http://localhost:4000") == .events)
  }

  @Test(arguments: ["/", "/?token=", "/?token=s3cre", "/?token=s3cretX", "/?TOKEN=s3cret", "/events?token=S3CRET"])
  func refusesAWrongOrMissingToken(_ target: String) {
    #expect(answer(target) == .refused(.forbidden))
  }

  @Test(arguments: ["evil.example:4000", "127.0.0.1", "127.0.0.1:4001", "localhost", "127.0.0.1:4000.evil.example"])
  func refusesAnotherHostAsDNSRebindingWouldSendIt(_ host: String) {
    #expect(answer("/?token=s3cret", host: host) == .refused(.forbidden))
  }

  @Test func refusesAnotherOrigin() {
    #expect(answer("/events?token=s3cret", origin: "http://evil.example") == .refused(.forbidden))
    #expect(answer("/events?token=s3cret", origin: "null") == .refused(.forbidden))
  }

  @Test func needsExactlyOneHost() {
    #expect(answer("/?token=s3cret", host: nil) == .refused(.badRequest))
  }

  @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "CONNECT"])
  func onlyReads(_ method: String) {
    #expect(answer("/?token=s3cret", method: method) == .refused(.methodNotAllowed))
    #expect(answer("/", method: method) == .refused(.forbidden))  // without the token, not even that
  }

  @Test(arguments: [
    "/../../etc/passwd?token=s3cret", "/%2e%2e/%2e%2e/etc/passwd?token=s3cret", "//etc/passwd?token=s3cret",
    "/events/../../Package.swift?token=s3cret", "/index.html?token=s3cret", "/events/?token=s3cret",
  ])
  func servesNoFile(_ target: String) {
    #expect(answer(target) == .refused(.notFound))
  }
}
