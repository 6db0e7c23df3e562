import Custody
import Foundation
import Testing

@Suite struct LoadStateTests {
  @Test func loadingKeepsThePreviousValue() {
    var state = LoadState<Int>.loaded(1)
    state.startLoading()
    #expect(state == .loading(previous: 1))
    #expect(state.value == 1 && state.isLoading && state.failure == nil)
  }

  @Test func failureKeepsThePreviousValueAndItsCategory() {
    var state = LoadState<Int>.loaded(1)
    state.startLoading()
    state.fail(AuthServerError(status: 401))
    #expect(state.value == 1 && !state.isLoading && state.failure == .unauthorized)
    #expect(state.error is AuthServerError, "the error itself is kept, for the screen's words")
  }

  @Test(arguments: [
    LoadState<Int>.idle, .loaded(1), .failed(LoadError(URLError(.notConnectedToInternet)), previous: 2),
  ])
  func cancellationIsNoFailureAndRestoresWhatWasShown(before: LoadState<Int>) {
    var state = before
    state.startLoading()
    state.finish(with: .failure(CancellationError()))
    #expect(state.failure == nil)
    #expect(state.value == before.value)
    #expect(!state.isLoading)
  }

  @Test func unknownErrorsAreCategorizedUnknown() {
    var state = LoadState<Int>.idle
    state.finish(with: .failure(UpstreamError(code: 1)))
    #expect(state.failure == .unknown && state.value == nil)
    #expect(state.error as? UpstreamError == UpstreamError(code: 1))
  }

  @Test func successReplacesTheValue() {
    var state = LoadState<Int>.failed(LoadError(UpstreamError(code: 1)), previous: 1)
    state.startLoading()
    state.finish(with: .success(2))
    #expect(state == .loaded(2))
  }

  @Test @MainActor func supersededOutcomeChangesNothing() {
    var state = LoadState<Int>.loading(previous: 1)
    state.apply(.superseded)
    #expect(state == .loading(previous: 1))
    state.apply(.cancelled)
    #expect(state == .loaded(1))
  }
}
