import Custody
import Foundation

/// An owner's event in the few words the inspector panel, `demo --inspect` and `stats` show:
/// `products  joined  /products/7  (3 waiting)`.
///
/// Names and keys come from the app (a key may hold a query someone typed), so every piece is
/// made printable before it is shown.
public enum EventWords {
  /// The word for what happened, and the detail shown after the key.
  public static func words(for kind: OwnerEvent.Kind) -> (word: String, detail: String?) {
    switch kind {
    case .hit: ("hit", nil)
    case .staleHit: ("stale hit", nil)
    case .miss: ("miss", nil)
    case .started(let id, let flight): ("started", "\(flight) #\(id)")
    case .joined(_, let waiters): ("joined", "(\(waiters) waiting)")
    case .left(_, let waiters): ("left", "(\(waiters) waiting)")
    case .abandoned(let id): ("abandoned", "#\(id), its last caller left")
    case .detached(let id, let reason): ("detached", "#\(id) by \(reason)")
    case .finished(let id, let duration, let outcome): finished(id, duration, outcome)
    case .committed(let size): ("stored", "(\(size.entries) held)")
    case .removed(let size): ("removed", "(\(size.entries) held)")
    case .evicted(let reason, let size): ("evicted", "by \(reason) (\(size.entries) held)")
    case .pageAppended(let items, let listed): ("page", "+\(items) (\(listed) listed)")
    case .refreshRefused(let delay): ("refused", "retry in \(milliseconds(delay))")
    case .signedIn: ("signed in", nil)
    case .signedOut(let reason): ("signed out", "(\(reason))")
    case .loaded(let usedDefault): ("loaded", usedDefault ? "the default value" : nil)
    case .saveCoalesced: ("coalesced", "into the write scheduled")
    case .written(let duration): ("written", "in \(milliseconds(duration))")
    case .writeFailed(let category): ("write failed", "(\(category))")
    case .movedAside(let corrupt): ("moved aside", corrupt ? "(corrupt)" : "(unreadable)")
    }
  }

  /// `products  joined  /products/7  (3 waiting)`, with the owner's name and the word padded
  /// to `nameWidth` and `wordWidth` so lines of a log line up.
  public static func line(_ event: OwnerEvent, nameWidth: Int = 13, wordWidth: Int = 10) -> String {
    let (word, detail) = words(for: event.kind)
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
    _ id: UInt64, _ duration: Duration, _ outcome: OwnerEvent.Outcome
  ) -> (word: String, detail: String?) {
    let timing = "#\(id) in \(milliseconds(duration))"
    return switch outcome {
    case .succeeded: ("succeeded", timing)
    case .failed(let category): ("failed", "\(timing) (\(category))")
    case .rejected: ("rejected", timing)
    case .dropped: ("dropped", timing)
    case .cancelled: ("cancelled", timing)
    }
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text.padding(toLength: width, withPad: " ", startingAt: 0)
  }
}
