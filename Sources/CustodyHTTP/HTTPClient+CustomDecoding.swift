import Foundation

extension HTTPClient {
  /// Sends `endpoint` and reads its answer with `decode`, off the caller's actor.
  ///
  /// Use it for a body that a reader of your own reads faster than ``decoder`` alone, such as
  /// a large list read in parts on every core. `decode` is `@concurrent`: it runs on the
  /// concurrent executor, never on the caller's actor, even when written as a closure on the
  /// main actor. It receives the body and ``decoder``. Its failures read as those
  /// of ``send(_:)->_``: a `DecodingError` becomes ``HTTPError/invalidResponse(reason:)`` naming
  /// the coding path, so a reader that falls back to ``decoder`` reports exactly what
  /// ``send(_:)->_`` would.
  ///
  /// ```swift
  /// let page = try await client.send(Endpoint<ProductPage>(path: "/products")) { body, decoder in
  ///   try await ProductListDecoding.page(from: body, using: decoder)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - endpoint: What to send.
  ///   - decode: Reads a 2xx response's body into the answer.
  /// - Returns: What `decode` read.
  /// - Throws: ``HTTPError`` as ``send(_:)->_`` does; ``HTTPError/invalidResponse(reason:)``
  ///   for any error of `decode` other than an ``HTTPError`` or a `CancellationError`
  ///   (``HTTPError/cancelled``).
  public func send<Response: Sendable>(
    _ endpoint: Endpoint<Response>,
    decodingWith decode: @concurrent @Sendable (Data, JSONDecoder) async throws -> Response
  ) async throws(HTTPError) -> Response {
    let response = try await response(for: endpoint)
    // An answer without a body reads as it does through `send(_:)`, before any reader sees it.
    if let absent = try Self.emptyAnswer(Response.self, for: response) { return absent }
    return try await Self.decode(response.body, using: decoder, with: decode)
  }

  @concurrent
  static func decode<Response: Sendable>(
    _ body: Data, using decoder: JSONDecoder,
    with decode: @concurrent @Sendable (Data, JSONDecoder) async throws -> Response
  ) async throws(HTTPError) -> Response {
    do {
      return try await decode(body, decoder)
    } catch let error as DecodingError {
      throw .invalidResponse(reason: Self.describe(error))
    } catch let error as HTTPError {
      throw error
    } catch is CancellationError {
      throw .cancelled
    } catch {
      // Not the error's own words: they could quote the body.
      throw .invalidResponse(reason: "the body could not be read")
    }
  }
}
