import Custody
import Foundation
import TestSupport
import Testing

@testable import CustodyDevtools

/// The event stream: what reaches a browser, what it may not read, and what a stalled browser
/// costs the owners (nothing).
@Suite(.timeLimit(.minutes(1)))
struct StreamTests {
  private func openStream(_ devtools: Devtools, receiveBuffer: Int32? = nil) throws -> LoopbackClient {
    let token = URLComponents(url: devtools.url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
    let client = try LoopbackClient.connect(to: devtools.port, receiveBuffer: receiveBuffer)
    try client.send(request("/events?token=\(token)", port: devtools.port))
    return client
  }

  @Test func anOwnersEventReachesTheBrowser() async throws {
    let devtools = try await Devtools.start()
    defer { devtools.stop() }
    let stream = try openStream(devtools)
    defer { stream.close() }
    try await stream.wait(for: "event: hello")
    let flights = SingleFlight<Int, Int>(name: "prices", inspector: devtools.inspector)
    #expect(try await flights.run(7) { 42 } == 42)
    let text = try await stream.wait(for: "\"kind\":\"flight.finished\"")
    #expect(text.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream"))
    #expect(text.contains("\"ownerName\":\"prices\",\"ownerKind\":\"SingleFlight\",\"kind\":\"flight.started\""))
    #expect(text.contains("\"outcome\":\"succeeded\""))
  }

  @Test func aLaterBrowserIsSentWhatHappenedBefore() async throws {
    let devtools = try await Devtools.start()
    defer { devtools.stop() }
    let flights = SingleFlight<Int, Int>(name: "earlier", inspector: devtools.inspector)
    _ = try await flights.run(1) { 1 }
    // The first browser sees it arrive, so the server has taken it when the second connects.
    let first = try openStream(devtools)
    defer { first.close() }
    try await first.wait(for: "flight.finished")
    let second = try openStream(devtools)
    defer { second.close() }
    let text = try await second.wait(for: "flight.finished")
    #expect(text.contains("\"owners\":[{\"id\":1,\"name\":\"earlier\",\"kind\":\"SingleFlight\"}]"))
  }

  @Test func keysAreRedactedUnlessTheAppAllowsThem() async throws {
    for publicKeys in [false, true] {
      let devtools = try await Devtools.start(publicKeys: publicKeys)
      defer { devtools.stop() }
      let stream = try openStream(devtools)
      defer { stream.close() }
      let searches = SingleFlight<String, Int>(name: "searches", inspector: devtools.inspector)
      _ = try await searches.run("alice@example.com") { 1 }
      _ = try await searches.run("second \"query\"\n") { 2 }
      let text = try await stream.wait(for: "\"flight\":2,\"duration\"")
      if publicKeys {
        #expect(text.contains("\"key\":\"alice@example.com\""))
        #expect(text.contains("\"key\":\"second \\\"query\\\"\\n\""))
      } else {
        #expect(!text.contains("alice"))
        #expect(!text.contains("query"))
        #expect(text.contains("\"key\":\"key 1\""))
        #expect(text.contains("\"key\":\"key 2\""))
      }
    }
  }

  @Test func aStalledBrowserLosesEventsAndNeverSlowsAnOwner() async throws {
    var configuration = Devtools.Configuration()
    configuration.eventsPerClient = 64
    let devtools = try await Devtools.start(configuration)
    defer { devtools.stop() }
    // A browser that asks for the stream, then reads nothing: its socket fills, then its queue.
    let stalled = try openStream(devtools, receiveBuffer: 4_096)
    stalled.reader.close()  // reads nothing more; its descriptor stays open through `stalled.descriptor`
    defer { stalled.close() }
    let healthy = try openStream(devtools)
    defer { healthy.close() }
    try await healthy.wait(for: "event: hello")

    let owner = InspectedOwner(name: "busy", kind: .cache)
    let inspector = devtools.inspector
    let padding = OwnerEvent.Reason(rawValue: String(repeating: "p", count: 200))
    for _ in 0..<30_000 {
      inspector.record(OwnerEvent(owner: owner, kind: .removed, reason: padding, size: .init(entries: 1, cost: 1)))
    }
    // Every call returned: recording never waited on a client. The healthy browser reads the
    // burst to its end (the last event, or the notice of what it could not keep up with), and
    // still gets what happens next.
    try await healthy.reader.wait(for: "the end of the burst", timeout: .seconds(30)) {
      $0.tail.contains("\"seq\":30000,") || $0.tail.contains("event: dropped")
    }
    inspector.record(OwnerEvent(owner: owner, kind: .pageAppended, items: 7))
    try await healthy.reader.wait(for: "the last event", timeout: .seconds(30)) {
      $0.tail.contains("pager.pageAppended")
    }

    // Reading again, the stalled browser is told how many it lost.
    let resumed = try LoopbackClient.Resumed(descriptor: stalled.descriptor)
    defer { resumed.close() }
    let text = try await resumed.reader.wait(for: "the drop notice", timeout: .seconds(30)) {
      $0.tail.contains("event: dropped")
    }.text
    let counts = text.components(separatedBy: "event: dropped\ndata: {\"count\":").dropFirst()
      .compactMap { Int($0.prefix { $0.isNumber }) }
    // What the stalled socket's buffers took was sent; everything beyond them was dropped.
    #expect(counts.reduce(0, +) > 1_000)
    #expect(counts.reduce(0, +) < 30_000)
  }

  @Test func theMainActorsLatenessReachesTheBrowser() async throws {
    let devtools = try await Devtools.start()
    defer { devtools.stop() }
    let stream = try openStream(devtools)
    defer { stream.close() }
    // The heartbeat ticks on the main queue every 50 ms and reports each half second.
    let text = try await stream.wait(for: "event: lateness\ndata: {\"t\":")
    #expect(text.contains("\"worst\":"))
  }

  @Test func aBusyMainActorShowsAsLate() async throws {
    let devtools = try await Devtools.start()
    defer { devtools.stop() }
    let stream = try openStream(devtools)
    defer { stream.close() }
    try await stream.wait(for: "event: hello")
    // A hitch of 200 ms: the main actor does work that never yields.
    await MainActor.run {
      let start = ContinuousClock.now
      while start.duration(to: .now) < .milliseconds(200) {}
    }
    try await stream.reader.wait(for: "a window at least 150 ms late") { output in
      output.text.components(separatedBy: "\"worst\":").dropFirst()
        .compactMap { Double($0.prefix { $0.isNumber || $0 == "." }) }.contains { $0 >= 150 }
    }
  }

  @Test func stoppingEndsEveryStreamAndClosesThePort() async throws {
    let devtools = try await Devtools.start()
    let stream = try openStream(devtools)
    defer { stream.close() }
    try await stream.wait(for: "event: hello")
    devtools.stop()
    _ = try await stream.response()
    #expect(throws: LoopbackClient.ClientError.self) { try LoopbackClient.connect(to: devtools.port).close() }
    // An owner that still holds the inspector records into nothing, at no cost to it.
    let flights = SingleFlight<Int, Int>(name: "after", inspector: devtools.inspector)
    #expect(try await flights.run(1) { 1 } == 1)
  }
}
