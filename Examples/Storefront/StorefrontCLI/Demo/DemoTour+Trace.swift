import Custody
import Foundation

extension DemoTour {
  /// The most lines a scene's trace prints; a longer one shows its start and its end.
  nonisolated static let traceLimit = 30

  /// Prints the events the last scene's owners reported, under the scene, and forgets them.
  ///
  /// With `focus`, only the events of the owners named there are listed; every other owner
  /// gets one line of counters.
  func printTrace(focus: Set<String>? = nil) async {
    guard let recorder = tracing.withLock({ $0.take() }) else { return }
    for line in await Self.trace(recorder.recorded, focus: focus, style: style) { say(line) }
  }

  /// The lines ``printTrace(focus:)`` prints, laid out off the main actor: a scene can report
  /// thousands of events.
  @concurrent
  static func trace(_ entries: [TraceRecorder.Entry], focus: Set<String>?, style: Style) async -> [String] {
    var text: [String] = []
    let shown = focus.map { focus in entries.filter { focus.contains($0.event.owner.name) } } ?? entries
    let lines = traceLines(shown)
    text.append("   " + style.dim("events, in order:"))
    if let focus, shown.isEmpty {
      text.append(style.dim("     no events from " + focus.sorted().joined(separator: ", ")))
    }
    if lines.count > traceLimit {
      let head = traceLimit * 2 / 3
      let tail = traceLimit - head - 1
      text += lines.prefix(head).map { style.dim("     " + $0) }
      text.append(style.dim("     … \(lines.count - head - tail) more lines …"))
      text += lines.suffix(tail).map { style.dim("     " + $0) }
    } else {
      text += lines.map { style.dim("     " + $0) }
    }
    guard let focus else { return text }
    var activities: [OwnerActivity] = []
    for entry in entries where !focus.contains(entry.event.owner.name) {
      let owner = entry.event.owner
      if let index = activities.firstIndex(where: { $0.owner == owner }) {
        activities[index].apply(entry.event)
      } else {
        var activity = OwnerActivity(owner: owner)
        activity.apply(entry.event)
        activities.append(activity)
      }
    }
    let others = OwnerSummary.merge(activities)
    guard !others.isEmpty else { return text }
    text.append("   " + style.dim("the other owners, in total:"))
    let width = (others.map(\.name.count).max() ?? 0) + 1
    for owner in others {
      text.append(style.dim("     " + padded(owner.name, width) + " " + owner.highlights))
    }
    return text
  }

  /// One line per event, `+101.2 ms  products      succeeded  /products/1 #1 in 100 ms`;
  /// lookups and callers joining or leaving one key in a row are counted on one line.
  nonisolated static func traceLines(_ entries: [TraceRecorder.Entry]) -> [String] {
    var lines: [(at: Duration, owner: String, key: String?, parts: [Part])] = []
    for entry in entries {
      let event = entry.event
      let (word, detail) = EventWords.words(for: event)
      let owner = EventWords.printable(event.owner.name)
      let key = event.key.map { EventWords.printable($0.description) }
      if isRepeatable(event.kind), let last = lines.last, last.owner == owner, last.key == key,
        last.parts.allSatisfy(\.isRepeatable)
      {
        var parts = last.parts
        if let index = parts.firstIndex(where: { $0.word == word }) {
          parts[index].count += 1
          parts[index].detail = detail
        } else {
          parts.append(Part(word: word, detail: detail, count: 1, isRepeatable: true))
        }
        lines[lines.count - 1].parts = parts
      } else {
        lines.append(
          (entry.at, owner, key, [Part(word: word, detail: detail, count: 1, isRepeatable: isRepeatable(event.kind))]))
      }
    }
    let ownerWidth = lines.map(\.owner.count).max() ?? 0
    let times = lines.map { "+" + time($0.at) }
    let timeWidth = times.map(\.count).max() ?? 0
    return zip(lines, times).map { line, time in
      let what = line.parts.map(\.description).joined(separator: ", ")
      return [padded(time, timeWidth + 1), padded(line.owner, ownerWidth + 1), line.key, what]
        .compactMap(\.self).joined(separator: " ")
    }
  }

  private struct Part {
    var word: String
    var detail: String?
    var count: Int
    var isRepeatable: Bool

    var description: String {
      [word, count > 1 ? "×\(count)" : nil, detail].compactMap(\.self).joined(separator: " ")
    }
  }

  private nonisolated static func isRepeatable(_ kind: OwnerEvent.Kind) -> Bool {
    switch kind {
    case .hit, .staleHit, .miss, .joined, .left: true
    default: false
    }
  }

  /// A time since the scene began, always with one decimal ("8.1 ms", "140.0 ms"), so the
  /// column reads alike from the first event to the last.
  private nonisolated static func time(_ duration: Duration) -> String {
    let tenths = (duration / .microseconds(100)).rounded()
    return "\(Int(tenths) / 10).\(Int(tenths) % 10) ms"
  }

  private nonisolated static func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text.padding(toLength: width, withPad: " ", startingAt: 0)
  }
}

extension Optional {
  /// The value, leaving `nil` behind.
  fileprivate mutating func take() -> Wrapped? {
    defer { self = nil }
    return self
  }
}
