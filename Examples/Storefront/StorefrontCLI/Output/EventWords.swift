import Custody
import Foundation

/// An owner's event in the few words the inspector panel, `demo --inspect` and `stats` show:
/// `products  joined  /products/7  (3 waiting)`.
///
/// Names and keys come from the app (a key may hold a query someone typed), so every piece is
/// made printable before it is shown.
public enum EventWords {
  /// The word for what happened, and the detail shown after the key.
  public static func words(for event: OwnerEvent) -> (word: String, detail: String?) {
    let id = "#\(event.flight ?? 0)"
    let reason = event.reason.map { "\($0)" } ?? ""
    let held = "(\(event.size?.entries ?? 0) held)"
    let waiting = "(\(event.waiters ?? 0) waiting)"
    return switch event.kind {
    case .hit: ("hit", nil)
    case .staleHit: ("stale hit", nil)
    case .miss: ("miss", nil)
    case .started: ("started", "\(reason) \(id)")
    case .joined: ("joined", waiting)
    case .left: ("left", waiting)
    case .abandoned: ("abandoned", "\(id), its last caller left")
    case .detached: ("detached", "\(id) by \(reason)")
    case .finished: finished(id, event.duration ?? .zero, event.outcome ?? .succeeded)
    case .committed: ("stored", held)
    case .removed: ("removed", held)
    case .evicted: ("evicted", "by \(reason) \(held)")
    case .pageAppended: ("page", "+\(event.items ?? 0) (\(event.size?.entries ?? 0) listed)")
    case .refreshRefused: ("refused", "retry in \(milliseconds(event.duration ?? .zero))")
    case .signedIn: ("signed in", nil)
    case .signedOut: ("signed out", "(\(reason))")
    case .loaded: ("loaded", event.reason == .usedDefault ? "the default value" : nil)
    case .saveCoalesced: ("coalesced", "into the write scheduled")
    case .written: ("written", "in \(milliseconds(event.duration ?? .zero))")
    case .writeFailed: ("write failed", event.outcome.map(failure))
    case .movedAside: ("moved aside", event.reason == .corrupt ? "(corrupt)" : "(unreadable)")
    case .layerAdded: ("layered", "write \(id)")
    case .writeCommitted: ("committed", "write \(id)")
    case .writeRolledBack: ("rolled back", "write \(id)")
    case .hydrated: ("hydrated", "\(event.items ?? 0) from the file \(held)" + (reason.isEmpty ? "" : ", \(reason)"))
    default: (event.kind.rawValue, reason.isEmpty ? nil : reason)  // an app's own owner's event
    }
  }

  /// `products  joined  /products/7  (3 waiting)`, with the owner's name and the word padded
  /// to `nameWidth` and `wordWidth` so lines of a log line up.
  public static func line(_ event: OwnerEvent, nameWidth: Int = 13, wordWidth: Int = 10) -> String {
    let (word, detail) = words(for: event)
    var parts = [padded(printable(event.owner.name), nameWidth), padded(word, wordWidth)]
    if let key = event.key { parts.append(printable(key.description)) }
    if let detail { parts.append(detail) }
    return parts.joined(separator: " ")
  }

  /// `text` with every control character (escape sequences, new lines, tabs) replaced by a
  /// space, so text from outside the program cannot move the cursor or fake a line.
  public static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
  }

  /// `412 ms`, `3.4 ms`, `12 s`.
  public static func milliseconds(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    if value < 10 { return String(format: "%.1f ms", value) }
    if value < 60_000 { return "\(Int(value.rounded())) ms" }
    return "\(Int((value / 1_000).rounded())) s"
  }

  private static func finished(
    _ id: String, _ duration: Duration, _ outcome: OwnerEvent.Outcome
  ) -> (word: String, detail: String?) {
    let timing = "\(id) in \(milliseconds(duration))"
    return switch outcome {
    case .succeeded: ("succeeded", timing)
    case .failed(let category): ("failed", "\(timing) (\(category))")
    case .rejected: ("rejected", timing)
    case .dropped: ("dropped", timing)
    case .cancelled: ("cancelled", timing)
    }
  }

  private static func failure(_ outcome: OwnerEvent.Outcome) -> String {
    if case .failed(let category) = outcome { "(\(category))" } else { "(\(outcome))" }
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text.padding(toLength: width, withPad: " ", startingAt: 0)
  }
}
