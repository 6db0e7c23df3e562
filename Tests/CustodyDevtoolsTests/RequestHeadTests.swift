import Testing

@testable import CustodyDevtools

@Suite struct RequestHeadTests {
  private func read(_ text: String) -> RequestHead.Reading { RequestHead.read(Array(text.utf8)) }

  @Test func readsTheRequestLineAndHeaders() throws {
    guard
      case .head(let head) = read(
        "GET /events?token=abc HTTP/1.1\r\nHost: 127.0.0.1:80\r\nAccept:  text/event-stream \r\n\r\n")
    else { Issue.record("not read"); return }
    #expect(head.method == "GET")
    #expect(head.path == "/events")
    #expect(head.query("token") == "abc")
    #expect(head.values(of: "host") == ["127.0.0.1:80"])
    #expect(head.values(of: "accept") == ["text/event-stream"])
  }

  @Test func waitsForTheBlankLine() {
    #expect(read("GET / HTTP/1.1\r\nHost: a") == .incomplete)
    #expect(read("GE") == .incomplete)
  }

  @Test(arguments: [
    "\u{16}\u{03}\u{01}\u{02}\u{00}",  // a TLS client hello
    "hello\r\n\r\n",
    "GET /\r\n\r\n",  // HTTP/0.9
    "GET / HTTP/2.0\r\n\r\n",
    "GET http://example.com/ HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET / HTTP/1.1\r\nBad Header: x\r\n\r\n",
    "GET / HTTP/1.1\r\nNoColon\r\n\r\n",
    "GET / HTTP/1.1\r\nX: a\u{01}b\r\n\r\n",
    "get / HTTP/1.1\r\n\r\n",
    "GET  / HTTP/1.1\r\n\r\n",
  ])
  func refusesWhatIsNotARequest(_ text: String) {
    #expect(read(text) == .refused(.badRequest))
  }

  @Test func refusesHugeHeadsWithoutWaitingForTheirEnd() {
    let huge = "GET / HTTP/1.1\r\nX-Fill: " + String(repeating: "a", count: RequestHead.byteLimit)
    #expect(read(huge) == .refused(.headersTooLarge))
    #expect(read(huge + "\r\n\r\n") == .refused(.headersTooLarge))
  }

  @Test func refusesTooManyHeaders() {
    let many = (0...RequestHead.headerLimit).map { "X-\($0): 1\r\n" }.joined()
    #expect(read("GET / HTTP/1.1\r\n" + many + "\r\n") == .refused(.headersTooLarge))
  }
}
