import Custody
import CustodyDevtools
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `devtools`: what Custody Devtools costs the owners it watches. A `SingleFlight` runs one
/// operation per call (three events each: started, joined, finished), with no inspector, with
/// `Statistics`, with Devtools and one browser-like client reading its event stream, and with a
/// second client that connects and never reads. The variants take turns, best of five each.
/// Also: the events a second the server hands one reading client while the owners go flat out,
/// and what it dropped for the stalled one.
enum DevtoolsScenario {
  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("devtools")
    let calls = quick ? 2_000 : 20_000
    var configuration = Devtools.Configuration()
    configuration.measuresMainActor = false  // the owners' cost alone
    let devtools: Devtools
    do {
      devtools = try await Devtools.start(configuration)
    } catch {
      report.notes.append("Devtools could not start: \(error)")
      return report
    }
    defer { devtools.stop() }
    let reader = EventStreamClient(devtools.url, reads: true)
    let stalled = EventStreamClient(devtools.url, reads: false)
    guard let reader, let stalled else {
      report.notes.append("could not connect to \(devtools.port)")
      return report
    }
    defer {
      reader.close()
      stalled.close()
    }

    let plain = SingleFlight<Int, Int>()
    let statistics = SingleFlight<Int, Int>(name: "statistics", inspector: Statistics())
    let watched = SingleFlight<Int, Int>(name: "watched", inspector: devtools.inspector)
    var best = [Duration](repeating: .seconds(1_000), count: 3)
    for _ in 0..<5 {
      for (index, flight) in [plain, statistics, watched].enumerated() {
        let start = Measure.clock.now
        await drive(flight, calls)
        best[index] = min(best[index], start.duration(to: .now))
      }
    }
    for (index, name) in ["no inspector", "Statistics", "Devtools, a reader and a stalled client"].enumerated() {
      report.add("SingleFlight.run, \(name)", "per call", Measure.nanoseconds(best[index], per: calls), "ns")
    }
    report.ratio("Devtools (a reader, a stalled client)/no inspector", best[2].seconds / best[0].seconds, atMost: 1.3)
    report.add("for reference", "Statistics/no inspector", best[1].seconds / best[0].seconds, "×")

    // Throughput: the reader's events over the time the owners ran flat out, and then drained,
    // once the events of the timed rounds reached it (the server sends them in batches).
    _ = await reader.wait(forEvents: 5 * calls * 3, within: .seconds(5))
    let before = reader.events
    let start = Measure.clock.now
    await drive(watched, calls * 5)
    let recorded = calls * 5 * 3
    _ = await reader.wait(forEvents: before + recorded, within: .seconds(5))
    let received = reader.events - before
    let elapsed = start.duration(to: .now)
    report.add("one reading client", "events a second", Double(received) / elapsed.seconds, "/s")
    report.add("one reading client", "events received of recorded", Double(received) / Double(recorded), "×")
    // The stalled client starts reading now: the server says how many events it dropped for it.
    stalled.startReading()
    let total = 5 * calls * 3 + recorded
    if let dropped = await stalled.dropped(within: .seconds(5)) {
      report.add("a client that stopped reading", "events dropped of recorded", Double(dropped) / Double(total), "×")
    } else {
      report.notes.append("the stalled client heard of no drop within 5 s")
    }
    return report
  }

  /// `calls` calls of `flight`, one after another, each starting an operation of its own.
  static func drive(_ flight: SingleFlight<Int, Int>, _ calls: Int) async {
    for call in 0..<calls { blackHole(try? await flight.run(call) { call }) }
  }
}

/// A client of the Devtools event stream on a socket of its own: it sends the request, then
/// either reads every frame on a thread of its own and counts the events, or never reads.
final class EventStreamClient: Sendable {
  private let socket: Int32
  private let counts = LockedState((events: 0, dropped: Int?.none, reading: false))

  init?(_ url: URL, reads: Bool) {
    guard let port = url.port, let query = url.query else { return nil }
    socket = openSocket()
    guard socket >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      closeDescriptor(socket)
      return nil
    }
    let request = Array(
      "GET /events?\(query) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n".utf8)
    _ = request.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
    if reads { startReading() }
  }

  /// Reads every frame from now on, on a thread of its own, until the stream closes.
  func startReading() {
    guard !counts.withLock({ $0.reading }) else { return }
    counts.withLock { $0.reading = true }
    Thread { [self] in readUntilClosed() }.start()
  }

  /// The total the server's last drop notice gave, once one came within `limit`.
  func dropped(within limit: Duration) async -> Int? {
    let deadline = Measure.clock.now.advanced(by: limit)
    while counts.withLock({ $0.dropped }) == nil {
      if Measure.clock.now >= deadline || Task.isCancelled { return nil }
      await Task.yield()
    }
    return counts.withLock { $0.dropped }
  }

  /// The events read so far (frames of `data:` alone: not the greeting, lateness or drop notices).
  var events: Int { counts.withLock { $0.events } }

  /// Waits, yielding, until `count` events were read or `limit` passed; whether they were.
  func wait(forEvents count: Int, within limit: Duration) async -> Bool {
    let deadline = Measure.clock.now.advanced(by: limit)
    while events < count {
      if Measure.clock.now >= deadline || Task.isCancelled { return false }
      await Task.yield()
    }
    return true
  }

  func close() {
    shutdown(socket, Int32(SHUT_RDWR))
  }

  deinit { closeDescriptor(socket) }

  private func readUntilClosed() {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var pending: [UInt8] = []
    while true {
      let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      pending += buffer.prefix(count)
      var events = 0
      var dropped: Int?
      var start = pending.startIndex
      var index = start
      while index + 1 < pending.endIndex {
        if pending[index] == 0x0A && pending[index + 1] == 0x0A {
          let frame = pending[start..<index]
          if frame.starts(with: Self.data) { events += 1 }
          if frame.starts(with: Self.dropNotice) { dropped = Self.total(in: frame) ?? dropped }
          start = index + 2
          index = start
        } else {
          index += 1
        }
      }
      pending.removeSubrange(..<start)
      counts.withLock { counts in
        counts.events += events
        if let dropped { counts.dropped = dropped }
      }
    }
  }

  private static let data = Array("data: ".utf8)
  private static let dropNotice = Array("event: dropped".utf8)

  /// The `"total":N` of a drop notice.
  private static func total(in frame: ArraySlice<UInt8>) -> Int? {
    let text = String(decoding: frame, as: UTF8.self)
    guard let range = text.range(of: "\"total\":") else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
  }
}

/// `socket(2)` for TCP and `close(2)`, named apart from the members above.
private func openSocket() -> Int32 {
  #if canImport(Glibc)
    socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  #else
    socket(AF_INET, SOCK_STREAM, 0)
  #endif
}

private func closeDescriptor(_ descriptor: Int32) {
  _ = close(descriptor)
}
