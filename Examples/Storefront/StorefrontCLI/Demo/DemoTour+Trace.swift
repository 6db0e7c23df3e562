import Custody
import Foundation

extension DemoTour {
  /// The most lines a scene's trace prints; a longer one shows its start and its end.
  static let traceLimit = 30

  /// Prints the events the last scene's owners reported, under the scene, and forgets them.
  ///
  /// With `focus`, only the events of the owners named there are listed; every other owner
  /// gets one line of counters.
  func printTrace(focus: Set<String>? = nil) {
    guard let recorder = tracing.withLock({ $0.take() }) else { return }
    let entries = recorder.recorded
    let shown = focus.map { focus in entries.filter { focus.contains($0.event.owner.name) } } ?? entries
    let lines = Self.traceLines(shown)
    say("   " + style.dim("events, in order:"))
    if let focus, shown.isEmpty { say(style.dim("     no events from " + focus.sorted().joined(separator: ", "))) }
    if lines.count > Self.traceLimit {
      let head = Self.traceLimit * 2 / 3
      let tail = Self.traceLimit - head - 1
      for line in lines.prefix(head) { say(style.dim("     " + line)) }
      say(style.dim("     … \(lines.count - head - tail) more lines …"))
      for line in lines.suffix(tail) { say(style.dim("     " + line)) }
    } else {
      for line in lines { say(style.dim("     " + line)) }
    }
    guard let focus else { return }
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
    guard !others.isEmpty else { return }
    say("   " + style.dim("the other owners, in total:"))
    for owner in others {
      say(style.dim("     " + Self.padded(owner.name, 13) + " " + owner.highlights))
    }
  }

  /// One line per event, `+101.2 ms  products      succeeded  /products/1 #1 in 100 ms`;
  /// lookups and callers joining or leaving one key in a row are counted on one line.
  static func traceLines(_ entries: [TraceRecorder.Entry]) -> [String] {
    var lines: [(at: Duration, owner: String, key: String?, parts: [Part])] = []
    for entry in entries {
      let event = entry.event
      let (word, detail) = EventWords.words(for: event.kind)
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
    return lines.map { line in
      let time = "+" + EventWords.milliseconds(line.at)
      let what = line.parts.map(\.description).joined(separator: ", ")
      return [time.padding(toLength: 10, withPad: " ", startingAt: 0), padded(line.owner, 13), line.key, what]
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

  private static func isRepeatable(_ kind: OwnerEvent.Kind) -> Bool {
    switch kind {
    case .hit, .staleHit, .miss, .joined, .left: true
    default: false
    }
  }

  private static func padded(_ text: String, _ width: Int) -> String {
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
