import Foundation
import Testing

@testable import CustodyHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite struct RedirectDecisionTests {
  func proposed(_ url: String) -> URLRequest {
    var request = URLRequest(url: URL(string: url)!)
    request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
    return request
  }

  let origin = URL(string: "https://shop.test/a")!

  @Test(arguments: [
    ("https://shop.test/b", true), ("https://SHOP.test:443/b", true), ("http://shop.test/b", false),
    ("https://shop.test:8443/b", false), ("https://evil.test/b", false), ("https://api.shop.test/b", false),
  ])
  func sameOriginFollowsOnlyTheSameSchemeHostAndPort(url: String, follows: Bool) {
    let next = RedirectDecision.follow(proposed(url), from: origin, policy: .sameOrigin)
    #expect((next != nil) == follows)
    #expect(next.map { $0.value(forHTTPHeaderField: "Authorization") == "Bearer secret" } ?? true)
  }

  @Test func anyHostFollowsButDropsTheCredentialAcrossOrigins() {
    let away = RedirectDecision.follow(proposed("https://cdn.test/x"), from: origin, policy: .anyHost)
    let home = RedirectDecision.follow(proposed("https://shop.test/x"), from: origin, policy: .anyHost)
    #expect(away != nil && away?.value(forHTTPHeaderField: "Authorization") == nil)
    #expect(home?.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
  }

  @Test func neverFollowsNothing() {
    #expect(RedirectDecision.follow(proposed("https://shop.test/b"), from: origin, policy: .never) == nil)
  }
}

@Suite struct RetryAfterTests {
  let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT

  @Test(arguments: [
    ("120", Duration.seconds(120)), ("0", .zero), (" 5 ", .seconds(5)),
    ("Tue, 14 Nov 2023 22:13:30 GMT", .seconds(10)), ("Tuesday, 14-Nov-23 22:13:30 GMT", .seconds(10)),
    ("Tue Nov 14 22:13:30 2023", .seconds(10)), ("Tue, 14 Nov 2023 22:00:00 GMT", .zero),
  ])
  func readsSecondsAndHTTPDates(value: String, delay: Duration) {
    #expect(RetryAfter.delay(in: ["Retry-After": value], now: now) == delay)
  }

  @Test(arguments: ["", "-1", "soon", "1.5"])
  func ignoresWhatItCannotRead(value: String) {
    #expect(RetryAfter.delay(in: ["Retry-After": value], now: now) == nil)
  }

  @Test func backoffDoublesUpToTheCap() {
    let retry = RetryMiddleware(policy: .init(baseDelay: .milliseconds(500), maxDelay: .seconds(3)))
    #expect(
      (1...5).map(retry.backoffCeiling) == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3)])
  }
}
