extension HTTPClient {
  /// Sends `endpoint` and checks its status, for calls whose answer has no use (a `DELETE`, a
  /// `204 No Content`): any body, empty or not, is ignored.
  ///
  /// ```swift
  /// try await client.send(Endpoint<Void>(method: .delete, path: "/cart/items/7"))
  /// ```
  ///
  /// - Throws: ``HTTPError`` as ``send(_:)->_`` does, except for decoding.
  public func send(_ endpoint: Endpoint<Void>) async throws(HTTPError) {
    _ = try await response(for: endpoint)
  }

  /// The value an answer without a body stands for: `nil` for an `Optional` response type,
  /// or `nil` (decode the body) when the answer has one.
  ///
  /// - Throws: ``HTTPError/invalidResponse(reason:)`` when there is no body and `Response`
  ///   cannot be absent.
  static func emptyAnswer<Response>(_ type: Response.Type, for response: HTTPResponse) throws(HTTPError) -> Response? {
    guard response.status == 204 || response.status == 205 || response.body.isEmpty else { return nil }
    guard let absent = (Response.self as? any AbsentValue.Type)?.absent as? Response else {
      throw .invalidResponse(reason: "the body is empty")
    }
    return absent
  }
}

/// A type with a value that stands for "no body": `Optional`'s `nil`.
private protocol AbsentValue {
  static var absent: Self { get }
}

extension Optional: AbsentValue {
  fileprivate static var absent: Self { nil }
}
