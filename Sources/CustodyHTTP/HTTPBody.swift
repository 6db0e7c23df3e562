import Foundation

/// The body of an ``Endpoint``.
public struct HTTPBody: Sendable {
  enum Content: Sendable {
    case data(Data, contentType: String)
    case json(any Encodable & Sendable)
  }

  let content: Content

  /// Raw bytes sent with the given `Content-Type`.
  public static func data(_ data: Data, contentType: String) -> HTTPBody {
    HTTPBody(content: .data(data, contentType: contentType))
  }

  /// A value encoded as JSON by the client's encoder, sent as `application/json`.
  public static func json(_ value: some Encodable & Sendable) -> HTTPBody {
    HTTPBody(content: .json(value))
  }
}
