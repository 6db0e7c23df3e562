import Custody
import CustodyHTTP
import Foundation
import StorefrontFixtures
import TestSupport

/// The embedded backend until a test breaks the network: then every request goes, over a real
/// socket, to one misbehaviour of the fault server (or to a closed port), until the test heals it.
final class FaultTransport: HTTPTransport {
  /// Where requests go while the network is broken.
  enum Fault: Sendable, Hashable, CustomStringConvertible {
    /// A misbehaviour of `scripts/faulty-server.py`, such as `close-mid-body` or `storm/503`.
    case server(String)
    /// A port nobody listens on: the connection is refused.
    case refused

    var description: String {
      switch self {
      case .server(let name): name
      case .refused: "refused"
      }
    }
  }

  let backend: EmbeddedBackend
  private let fault = LockedState<Fault?>(nil)
  private let network = LockedState(0)
  /// One second: a server that stops talking times out quickly.
  private let transport = URLSessionTransport(configuration: .init(timeout: .seconds(1)))

  init(backend: EmbeddedBackend) { self.backend = backend }

  /// Sends every later request to `fault`; `nil` heals the network.
  func breakNetwork(_ fault: Fault?) { self.fault.withLock { $0 = fault } }

  /// Requests sent to the fault server or the closed port.
  var faultyRequests: Int { network.withLock { $0 } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let fault = fault.withLock({ $0 }) else { return try await backend.send(request) }
    network.withLock { $0 += 1 }
    let base =
      switch fault {
      case .server(let name): try await FaultServer.url(name)
      case .refused: URL(string: "http://127.0.0.1:1")!
      }
    var components = URLComponents(url: base.appending(path: request.path), resolvingAgainstBaseURL: false)!
    components.queryItems = request.queryItems.isEmpty ? nil : request.queryItems
    var redirected = request
    redirected.url = components.url!
    return try await transport.send(redirected)
  }
}
