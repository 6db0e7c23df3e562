import CustodyHTTP
import StorefrontFixtures

/// For the demo: holds the answers of chosen requests for a while on their way back, as a slow
/// network would, so a later request can overtake them.
struct HoldingTransport: HTTPTransport {
  let backend: EmbeddedBackend
  let hold: Duration
  let holds: @Sendable (HTTPRequest) -> Bool

  init(backend: EmbeddedBackend, hold: Duration, holds: @escaping @Sendable (HTTPRequest) -> Bool) {
    self.backend = backend
    self.hold = hold
    self.holds = holds
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let response = try await backend.send(request)
    if holds(request) { try await Task.sleep(for: hold) }
    return response
  }
}
