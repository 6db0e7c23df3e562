import Custody
import Observation
import TestSupport

/// A screen's view model as an app writes it: UI state on the main actor, loads through
/// `LatestTask`, state committed with `LoadState.apply`.
@MainActor @Observable
final class ListingScreen {
  private(set) var state: LoadState<[Listing]> = .idle
  @ObservationIgnored private let latest = LatestTask()
  @ObservationIgnored private let fetch: @Sendable () async throws -> [Listing]

  init(fetch: @escaping @Sendable () async throws -> [Listing]) {
    self.fetch = fetch
  }

  /// Loads or refreshes the list; a newer call supersedes an older one.
  func refresh() async {
    state.startLoading()
    state.apply(await latest.run { [fetch] in try await fetch() })
  }

  /// The user left the screen.
  func leave() { latest.cancel() }
}

/// A screen whose every load produces a new list of probes.
@MainActor @Observable
final class ProbeScreen {
  private(set) var state: LoadState<[ReleaseProbe]> = .idle
  @ObservationIgnored private let latest = LatestTask()
  @ObservationIgnored private let log: ReleaseLog

  init(log: ReleaseLog) { self.log = log }

  func load() async {
    state.startLoading()
    state.apply(await latest.run { [log] in [ReleaseProbe(log)] })
  }
}
