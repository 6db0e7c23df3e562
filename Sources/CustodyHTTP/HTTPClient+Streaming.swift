import Foundation

extension HTTPClient {
  /// The most bytes of an error response's body read for middleware and the error message.
  static let errorBodyLimit = 1024 * 1024

  /// Sends `endpoint` and returns as soon as a 2xx response's head arrives, with its body as a
  /// stream that yields each chunk as it comes.
  ///
  /// Middleware runs as for ``send(_:)->_``: retries and authorization see every response head.
  /// The body of a response outside 2xx is read whole (up to 1 MiB) before middleware sees it,
  /// so a retried or rejected attempt looks as it does for ``send(_:)->_``; the body of a 2xx is
  /// not in ``HTTPResponse/body`` but in the stream. Once the stream is returned nothing is
  /// retried: a connection that breaks mid-body throws from the stream.
  ///
  /// A request's timeout bounds silence, not the whole transfer, so a stream that stays open for
  /// minutes needs a timeout longer than its longest pause. The transport's default total
  /// deadline does not apply to a stream: only the endpoint's own `deadline` bounds it.
  ///
  /// ```swift
  /// let updates = try await client.stream(Endpoint<Void>(path: "/orders/updates", timeout: .seconds(120)))
  /// for try await line in updates.body.lines {
  ///   let update = try JSONDecoder().decode(OrderUpdate.self, from: Data(line.utf8))
  /// }
  /// ```
  ///
  /// - Parameter endpoint: What to send; its response type is not used.
  /// - Returns: The response head and its body, to be read once.
  /// - Throws: ``HTTPError`` as ``response(for:)`` does, before the body.
  public func stream<Response>(_ endpoint: Endpoint<Response>) async throws(HTTPError) -> HTTPStreamedResponse {
    let request = try makeRequest(for: endpoint)
    if Task.isCancelled { throw .cancelled }
    // The body of the latest 2xx attempt; an earlier one is cancelled when middleware sends again.
    var latest: HTTPBodyStream?
    let response = try await run(request, through: middleware[...]) { request throws(HTTPError) in
      let streamed: HTTPStreamedResponse
      do { streamed = try await transport.stream(request) } catch { throw HTTPError(transportError: error) }
      latest?.cancel()
      latest = nil
      guard streamed.response.isSuccess else {
        var response = streamed.response
        response.body = try await streamed.body.collect(upTo: Self.errorBodyLimit)
        return response
      }
      latest = streamed.body
      return streamed.response
    }
    if let failure = HTTPError(response: response, now: Date(), errorMessage: errorMessage) {
      latest?.cancel()
      throw failure
    }
    // Middleware that answered with a body of its own (a cache) is streamed that body.
    guard let body = latest, response.body.isEmpty else {
      latest?.cancel()
      var head = response
      head.body = Data()
      return HTTPStreamedResponse(response: head, body: HTTPBodyStream(response.body))
    }
    return HTTPStreamedResponse(response: response, body: body)
  }
}
