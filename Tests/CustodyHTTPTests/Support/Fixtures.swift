import CustodyHTTP
import CustodyTesting
import Foundation

/// A base URL that no network request can reach: in-process tests never leave the process.
let testBaseURL = URL(string: "https://api.test/v1")!

/// A small resource, as an API would send it.
struct Item: Codable, Sendable, Equatable {
  let id: Int
  var title = "Item"
}

extension Endpoint where Response == Item {
  static func item(_ id: Int) -> Self { Endpoint(path: "/items/\(id)") }
  static func create(_ item: Item) -> Self { Endpoint(method: .post, path: "/items", json: item) }
}

/// A server whose every answer the test gives, in the order it chooses.
typealias ScriptedServer = ControlledOperation<HTTPRequest, HTTPResponse>

extension HTTPClient {
  /// A client whose transport is `server`, in process.
  static func inProcess(_ server: ScriptedServer, middleware: [any HTTPMiddleware] = []) -> HTTPClient {
    HTTPClient(baseURL: testBaseURL, transport: InProcessTransport { try await server($0) }, middleware: middleware)
  }
}

extension ScriptedServer.Call {
  /// Answers with `status` and an error body.
  func answer(_ status: Int, headers: HTTPHeaders = [:]) {
    resolve(.message("status \(status)", status: status, headers: headers))
  }
}

extension HTTPClient {
  /// Sends `endpoint` and returns its failure, or `nil` when it succeeded.
  func failure<Response: Decodable & Sendable>(of endpoint: Endpoint<Response>) async -> HTTPError? {
    do {
      _ = try await send(endpoint)
      return nil
    } catch {
      return error
    }
  }
}
