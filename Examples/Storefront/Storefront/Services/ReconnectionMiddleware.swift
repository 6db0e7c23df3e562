import Custody
import CustodyHTTP

/// Tells the app's lifecycle when the server can be reached again: after a request failed
/// because it could not be (``HTTPError/offline(reason:)``), the next one that gets an answer,
/// whatever its status, sends ``LifecycleEvent/didReconnect``, so the stale values screens watch
/// load again. It is how the app learns of a reconnection where the system says nothing (Linux,
/// a server that came back while the network stayed up).
struct ReconnectionMiddleware: HTTPMiddleware {
  let lifecycle: LifecycleHub
  /// Whether the last answer was that the server could not be reached.
  private let isOffline = Locked(false)

  init(lifecycle: LifecycleHub) {
    self.lifecycle = lifecycle
  }

  func intercept(
    _ request: HTTPRequest, next: (HTTPRequest) async throws(HTTPError) -> HTTPResponse
  ) async throws(HTTPError) -> HTTPResponse {
    do {
      let response = try await next(request)
      if isOffline.exchange(false) { lifecycle.send(.didReconnect) }
      return response
    } catch {
      if case .offline = error { isOffline.value = true }
      throw error
    }
  }
}
