import Custody
import Foundation
import Observation

/// The search screen's view model: results for what the user types, debounced.
///
/// Call ``search(_:)`` on every keystroke. Each call waits for the debounce interval on its
/// clock and supersedes the calls before it, so a burst of typing makes one
/// request and an older query never replaces a newer one. The results and their requests are
/// shared through ``ProductRepository``'s search cache.
///
/// ```swift
/// TextField("Search", text: $text)
///   .onChange(of: text) { Task { await search.search(text) } }
/// ```
@MainActor @Observable
public final class SearchViewModel {
  /// The text of the newest call to ``search(_:)``.
  public private(set) var query = ""
  /// The results; `.idle` while the query is empty.
  public private(set) var state: LoadState<SearchResults> = .idle
  /// Plain words for the failure shown; `nil` when the last search did not fail.
  public var message: String? { state.error.flatMap(FailureCopy.message(for:)) }
  /// Plain words for the matches the server sent that could not be read and are not listed;
  /// `nil` when every one was read. Derived from state.
  public var skippedMessage: String? { state.value.flatMap { SkippedProduct.sentence(for: $0.skipped) } }

  private let repository: ProductRepository
  private let clock: any Clock<Duration>
  private let debounce: Duration
  private let latest: LatestTask

  /// - Parameters:
  ///   - repository: Searches, and shares the results.
  ///   - clock: Times the debounce.
  ///   - debounce: How long typing must pause before a request goes out.
  ///   - inspector: Receives the events of the screen's `LatestTask`.
  public init(
    repository: ProductRepository, clock: any Clock<Duration> = ContinuousClock(),
    debounce: Duration = .milliseconds(300), inspector: (any OwnerInspector)? = nil
  ) {
    (self.repository, self.clock, self.debounce) = (repository, clock, debounce)
    latest = LatestTask(name: "search screen", inspector: inspector)
  }

  /// Searches for `text` once typing pauses, superseding every earlier call.
  ///
  /// An empty query (or only spaces) shows `.idle` at once and drops pending searches. A
  /// cancelled search is neutral: the screen keeps what it showed.
  public func search(_ text: String) async {
    query = text
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      latest.supersede()  // pending searches commit nothing
      state.clear()
      return
    }
    await latest.load(\.state, on: self) { [clock, debounce, repository] in
      try await clock.sleep(for: debounce)
      return SearchResults(trimmed, try await repository.search(trimmed))
    }
  }

  /// Follows the results shown while the screen shows them: loaded again when they went stale
  /// and the app comes back. Run it with the results' query as the task's identity
  /// (`.task(id: model.state.value?.query)`); it ends when its task is cancelled.
  public func watchResults() async {
    guard let shown = state.value?.query else { return }
    for await entry in repository.watchSearch(shown) {
      guard let page = entry.value, !state.isLoading, state.value?.query == shown else { continue }
      state.show(SearchResults(shown, page))
    }
  }
}

extension SearchResults {
  fileprivate init(_ query: String, _ page: ProductPage) {
    self.init(query: query, products: page.products, total: page.total, skipped: page.skipped)
  }
}
