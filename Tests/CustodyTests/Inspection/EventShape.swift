import Custody
import CustodyTesting

/// An event without its numbers that vary from run to run (flight ids, durations), so a test
/// can compare the order of what happened.
func shape(_ event: OwnerEvent) -> String {
  let reason = event.reason.map { "\($0)" } ?? ""
  let waiters = event.waiters ?? 0
  let entries = event.size?.entries ?? 0
  return switch event.kind {
  case .hit: "hit"
  case .staleHit: "stale hit"
  case .miss: "miss"
  case .started: "started \(reason)"
  case .joined: "joined \(waiters)"
  case .left: "left \(waiters)"
  case .abandoned: "abandoned"
  case .detached: "detached by \(reason)"
  case .finished: "finished \(event.outcome.map { "\($0)" } ?? "")"
  case .committed: "committed \(entries)"
  case .removed: "removed \(entries)"
  case .evicted: "evicted by \(reason) \(entries)"
  case .pageAppended: "appended \(event.items ?? 0) of \(entries)"
  case .refreshRefused: "refresh refused"
  case .signedIn: "signed in"
  case .signedOut: "signed out (\(reason))"
  case .loaded: event.reason == .usedDefault ? "loaded default" : "loaded"
  case .saveCoalesced: "save coalesced"
  case .written: "written"
  case .writeFailed: "write failed"
  case .movedAside: event.reason == .corrupt ? "moved aside corrupt" : "moved aside unreadable"
  case .hydrated: "hydrated \(event.items ?? 0)" + (event.reason.map { " (\($0))" } ?? "")
  default: event.kind.rawValue
  }
}

extension TestInspector {
  /// The shapes of the events seen, in order.
  func shapes(of owner: String? = nil) -> [String] { recording.events(of: owner).map(shape) }
}
