import Foundation

/// How an ``HTTPClient`` reads the server's own explanation out of an error response.
///
/// Every API words its errors its own way, so the client reads nothing unless told how: the
/// message found becomes the ``HTTPError/serverMessage`` of the failure, and a screen can show
/// it. Whatever is found is shortened to 300 characters.
///
/// ```swift
/// // An API answering {"message": "Product with id '7' not found"}:
/// let client = HTTPClient(baseURL: server, transport: transport, errorMessage: .jsonField("message"))
///
/// // An API with an error code in a header:
/// let other = HTTPClient(baseURL: server, transport: transport, errorMessage: HTTPErrorMessage { response in
///   response.headers["X-Error-Reason"]
/// })
/// ```
public struct HTTPErrorMessage: Sendable {
  private let read: @Sendable (HTTPResponse) -> String?

  /// Reads a message with `read`, which gets every response with a status outside 2xx.
  public init(_ read: @escaping @Sendable (HTTPResponse) -> String?) { self.read = read }

  /// Reads no message: failures carry the status only.
  public static let none = HTTPErrorMessage { _ in nil }

  /// Reads the string field `name` of a JSON object body, such as `{"message": …}`. A body that
  /// is not such an object, or larger than 16 KB (an error page), gives no message.
  public static func jsonField(_ name: String) -> HTTPErrorMessage {
    HTTPErrorMessage { response in
      guard !response.body.isEmpty, response.body.count <= 16 * 1024,
        let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
      else { return nil }
      return object[name] as? String
    }
  }

  /// The message of `response`, shortened; `nil` when there is none.
  public func message(in response: HTTPResponse) -> String? {
    guard let message = read(response), !message.isEmpty else { return nil }
    return message.count > 300 ? String(message.prefix(300)) + "…" : message
  }
}
