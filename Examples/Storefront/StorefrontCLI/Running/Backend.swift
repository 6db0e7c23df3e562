import CustodyHTTP
import Foundation
import Storefront
import StorefrontFixtures

/// Where requests go: a real server over the network, or the embedded backend in process.
struct Backend: Sendable {
  let baseURL: URL
  let transport: any HTTPTransport
  /// The embedded backend with its sessions file, when no `--server` was given.
  let embedded: EmbeddedBackend.PersistentSessions?

  /// The embedded backend's address; nothing listens there, requests never leave the process.
  static let embeddedURL = URL(string: "http://storefront.embedded")!
  /// The embedded backend as the server sessions belong to: a name, so no address given to
  /// `--server` is ever taken for it. Its session is kept in `session.json`.
  static let embeddedServer = ServerOrigin(named: "embedded")

  /// The server sessions made here belong to.
  var server: ServerOrigin { embedded == nil ? ServerOrigin(baseURL) : Self.embeddedServer }

  /// The backend `options` ask for. The embedded one serves the catalog of a fixed seed, so
  /// every run sees the same products, and keeps its sessions in `dataDirectory`.
  static func make(_ options: GlobalOptions, dataDirectory: URL) async throws(CommandFailure) -> Backend {
    if let server = options.server {
      return Backend(baseURL: server, transport: URLSessionTransport(), embedded: nil)
    }
    var configuration = EmbeddedBackend.Configuration(baseURL: embeddedURL)
    configuration.latency = options.latency ?? .zero
    configuration.failureRate = options.failureRate ?? 0
    configuration.tokenLifetime = options.tokenLifetime
    configuration.rateLimit = options.rateLimit.map {
      EmbeddedBackend.RateLimit(requests: $0, window: GlobalOptions.rateLimitWindow)
    }
    let backend: EmbeddedBackend
    do {
      backend = try EmbeddedBackend(configuration: configuration)
    } catch {
      throw CommandFailure(error.description)
    }
    let sessions = await EmbeddedBackend.PersistentSessions.open(
      backend, file: dataDirectory.appending(path: "embedded-backend.json"))
    let transport: any HTTPTransport = options.holdSaves ? HeldSaves(over: sessions) : sessions
    return Backend(baseURL: embeddedURL, transport: transport, embedded: sessions)
  }
}
