import Custody
import CustodyTesting
import Testing

// The adapters of the article "Sending events to a log or metrics back end", built and run
// here so the article's code keeps compiling. `LogSink` and `MetricsSink` stand in for
// swift-log's `Logger` and swift-metrics' `Counter` and `Timer`, which Custody does not
// depend on.

/// What the logging adapter needs of a logger: swift-log's `Logger` fits in a few lines.
protocol LogSink: Sendable {
  func log(_ level: LogLevel, _ message: String, metadata: [String: String])
}

enum LogLevel: Sendable { case debug, warning }

/// What the metrics adapter needs: swift-metrics' `Counter(label:dimensions:)` and
/// `Timer(label:dimensions:)` fit in a few lines.
protocol MetricsSink: Sendable {
  func increment(_ label: String, dimensions: [(String, String)])
  func recordDuration(_ label: String, _ duration: Duration, dimensions: [(String, String)])
}

/// Logs every event with its stable names as metadata. Keys are left out: a key may be what a
/// user typed.
struct LoggingAdapter {
  let sink: any LogSink

  func log(_ event: OwnerEvent) {
    var metadata = ["owner": event.owner.name, "owner.kind": event.owner.kind.rawValue]
    if let flight = event.flight { metadata["flight"] = "\(flight)" }
    if let reason = event.reason { metadata["reason"] = reason.rawValue }
    if let duration = event.duration { metadata["duration"] = "\(duration)" }
    let level: LogLevel =
      switch (event.kind, event.outcome) {
      case (_, .failed?), (.writeFailed, _), (.signedOut, _): .warning
      default: .debug
      }
    sink.log(level, event.kind.rawValue, metadata: metadata)
  }
}

/// Counts events by kind and times flights, labelled by the events' stable identifiers.
struct MetricsAdapter {
  let sink: any MetricsSink

  func record(_ event: OwnerEvent) {
    let owner = [("owner", event.owner.name), ("kind", event.owner.kind.rawValue)]
    sink.increment("custody.events", dimensions: owner + [("event", event.kind.rawValue)])
    if event.kind == .finished, let duration = event.duration {
      let outcome: String =
        switch event.outcome {
        case .failed?: "failed"
        case let other?: "\(other)"
        case nil: "unknown"
        }
      sink.recordDuration("custody.flight.duration", duration, dimensions: owner + [("outcome", outcome)])
    }
  }
}

/// Runs both adapters off the owners: the owners only append to the buffer.
func startBackEnds(logging: LoggingAdapter, metrics: MetricsAdapter, buffered: BufferedInspector) -> Task<Void, Never> {
  Task {
    for await event in buffered.events {
      logging.log(event)
      metrics.record(event)
    }
  }
}

@Suite(.timeLimit(.minutes(1)))
struct BackEndAdapterExamples {
  final class Recorded: LogSink, MetricsSink {
    let lines = LockedLines()

    func log(_ level: LogLevel, _ message: String, metadata: [String: String]) {
      lines.append("\(level) \(message) reason=\(metadata["reason"] ?? "-")")
    }

    func increment(_ label: String, dimensions: [(String, String)]) {
      lines.append("\(label) \(dimensions.map { "\($0)=\($1)" }.joined(separator: " "))")
    }

    func recordDuration(_ label: String, _ duration: Duration, dimensions: [(String, String)]) {
      lines.append("\(label) \(duration) \(dimensions.last.map { "\($0)=\($1)" } ?? "")")
    }
  }

  @Test func theAdaptersLogAndCountACachesLoad() async throws {
    let recorded = Recorded()
    let buffered = BufferedInspector()
    let clock = TestClock()
    let products = Cache<Int, String>(clock: clock, name: "products", inspector: buffered)
    let backEnds = startBackEnds(
      logging: LoggingAdapter(sink: recorded), metrics: MetricsAdapter(sink: recorded), buffered: buffered)
    _ = try await products.value(for: 7) {
      clock.advance(by: .milliseconds(250))
      return "seven"
    }
    buffered.finish()
    await backEnds.value

    let lines = recorded.lines.values
    #expect(lines.contains("debug flight.started reason=load"))
    #expect(lines.contains("custody.events owner=products kind=Cache event=flight.joined"))
    #expect(lines.contains("custody.flight.duration 0.25 seconds outcome=succeeded"))
    #expect(lines.filter { $0.hasPrefix("custody.events") }.count == 5, "miss, started, joined, finished, committed")
  }
}

/// Lines appended from any task.
final class LockedLines: Sendable {
  private let state = LockedState<[String]>([])
  func append(_ line: String) { state.withLock { $0.append(line) } }
  var values: [String] { state.withLock { $0 } }
}
