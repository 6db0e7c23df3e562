import Custody
import CustodyTesting

/// An event's kind without its numbers that vary from run to run (flight ids, durations), so a
/// test can compare the order of what happened.
func shape(_ kind: OwnerEvent.Kind) -> String {
  switch kind {
  case .hit: "hit"
  case .staleHit: "stale hit"
  case .miss: "miss"
  case .started(_, let kind): "started \(kind)"
  case .joined(_, let waiters): "joined \(waiters)"
  case .left(_, let waiters): "left \(waiters)"
  case .abandoned: "abandoned"
  case .detached(_, let reason): "detached by \(reason)"
  case .finished(_, _, let outcome): "finished \(outcome)"
  case .committed(let size): "committed \(size.entries)"
  case .removed(let size): "removed \(size.entries)"
  case .evicted(let reason, let size): "evicted by \(reason) \(size.entries)"
  case .pageAppended(let items, let listed): "appended \(items) of \(listed)"
  case .refreshRefused: "refresh refused"
  case .signedIn: "signed in"
  case .signedOut(let reason): "signed out (\(reason))"
  case .loaded(let usedDefault): usedDefault ? "loaded default" : "loaded"
  case .saveCoalesced: "save coalesced"
  case .written: "written"
  case .writeFailed: "write failed"
  case .movedAside(let corrupt): corrupt ? "moved aside corrupt" : "moved aside unreadable"
  }
}

extension TestInspector {
  /// The shapes of the events seen, in order.
  func shapes(of owner: String? = nil) -> [String] { kinds(of: owner).map(shape) }
}
