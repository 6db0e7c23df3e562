import Custody
import Foundation
import Testing

@testable import CustodyDevtools

/// The server over real loopback sockets: what a browser gets, and what hostile requests get.
@Suite(.timeLimit(.minutes(1)))
struct ServerTests {
  private func token(of devtools: Devtools) -> String {
    URLComponents(url: devtools.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "token" }?.value
      ?? ""
  }

  private func exchange(_ raw: String, with devtools: Devtools) async throws -> String {
    let client = try LoopbackClient.connect(to: devtools.port)
    defer { client.close() }
    try client.send(raw)
    return try await client.response()
  }

  @Test func servesThePageOnlyWithItsToken() async throws {
    let devtools = try await Devtools.start()
    defer { devtools.stop() }
    #expect(devtools.url.absoluteString.hasPrefix("http://127.0.0.1:\(devtools.port)/?token="))
    let page = try await exchange(request("/?token=\(token(of: devtools))", port: devtools.port), with: devtools)
    #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(page.contains("Content-Security-Policy: default-src 'none'"))
    #expect(page.contains("<title>Custody Devtools</title>"))
    // Nothing is fetched from elsewhere: no address in the page but its own stream.
    let body = page.components(separatedBy: "\r\n\r\n").dropFirst().joined()
    #expect(!body.contains("http://") && !body.contains("https://") && !body.contains("src="))

    for target in ["/", "/?token=", "/?token=\(String(repeating: "0", count: 32))", "/events"] {
      let refused = try await exchange(request(target, port: devtools.port), with: devtools)
      #expect(refused.hasPrefix("HTTP/1.1 403 Forbidden\r\n"), "\(target)")
      #expect(refused.hasSuffix("\r\n\r\n403\n"), "says nothing more")
    }
  }

  @Test func refusesAnotherHost() async throws {
    let devtools = try await Devtools.start()
    defer { devtools.stop() }
    let target = "/?token=\(token(of: devtools))"
    let rebound = try await exchange(
      request(target, port: devtools.port, host: "evil.example:\(devtools.port)"), with: devtools)
    #expect(rebound.hasPrefix("HTTP/1.1 403 "))
    let origin = try await exchange(
      request(target, port: devtools.port, extra: "Origin: http://evil.example\r\n"), with: devtools)
    #expect(origin.hasPrefix("HTTP/1.1 403 "))
  }

  @Test func onlyReads() async throws {
    let devtools = try await Devtools.start()
    defer { devtools.stop() }
    let answer = try await exchange(
      request("/?token=\(token(of: devtools))", method: "POST", port: devtools.port, extra: "Content-Length: 0\r\n"),
      with: devtools)
    #expect(answer.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
    #expect(answer.contains("Allow: GET\r\n"))
  }

  @Test func servesNoFileWhateverThePath() async throws {
    let devtools = try await Devtools.start()
    defer { devtools.stop() }
    let token = token(of: devtools)
    for path in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "//etc/passwd"] {
      let answer = try await exchange(request("\(path)?token=\(token)", port: devtools.port), with: devtools)
      #expect(answer.hasPrefix("HTTP/1.1 404 Not Found\r\n"), "\(path)")
      #expect(!answer.contains("root:"))
    }
    let bare = try await exchange(
      "GET ../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1:\(devtools.port)\r\n\r\n", with: devtools)
    #expect(bare.hasPrefix("HTTP/1.1 400 "))
  }

  @Test func refusesHugeHeadersAndNonHTTPBytesAndServesOn() async throws {
    let devtools = try await Devtools.start()
    defer { devtools.stop() }
    let huge = request(
      "/?token=\(token(of: devtools))", port: devtools.port,
      extra: (0..<40).map { "X-Fill-\($0): \(String(repeating: "a", count: 1_000))\r\n" }.joined())
    let answer = try await exchange(huge, with: devtools)
    #expect(answer.hasPrefix("HTTP/1.1 431 "))
    let tls = try await exchange(String(decoding: [0x16, 0x03, 0x01, 0x02, 0x00, 0x01], as: UTF8.self), with: devtools)
    #expect(tls.hasPrefix("HTTP/1.1 400 "))
    let binary = try await exchange("\u{00}\u{ff}\r\n\r\n", with: devtools)
    #expect(binary.hasPrefix("HTTP/1.1 400 "))
    let page = try await exchange(request("/?token=\(token(of: devtools))", port: devtools.port), with: devtools)
    #expect(page.hasPrefix("HTTP/1.1 200 "))
  }

  @Test func closesAHalfOpenRequestAndServesOthersMeanwhile() async throws {
    var configuration = Devtools.Configuration()
    configuration.requestTimeout = .milliseconds(200)
    let devtools = try await Devtools.start(configuration)
    defer { devtools.stop() }
    let stuck = try LoopbackClient.connect(to: devtools.port)
    defer { stuck.close() }
    try stuck.send("GET /?token=\(token(of: devtools)) HTTP/1.1\r\nHost: 127.0.0")
    let page = try await exchange(request("/?token=\(token(of: devtools))", port: devtools.port), with: devtools)
    #expect(page.hasPrefix("HTTP/1.1 200 "))
    let ended = try await stuck.response()
    #expect(ended.isEmpty || ended.hasPrefix("HTTP/1.1 408 "))
  }

  @Test func refusesClientsBeyondTheCap() async throws {
    var configuration = Devtools.Configuration()
    configuration.clientLimit = 2
    let devtools = try await Devtools.start(configuration)
    defer { devtools.stop() }
    let first = try LoopbackClient.connect(to: devtools.port)
    let second = try LoopbackClient.connect(to: devtools.port)
    defer {
      first.close()
      second.close()
    }
    try first.send("GET ")
    try second.send("GET ")
    // The server reads both before the third arrives: each sent bytes, so each was accepted.
    let third = try await exchange(request("/?token=\(token(of: devtools))", port: devtools.port), with: devtools)
    #expect(third.hasPrefix("HTTP/1.1 503 "))
  }
}
