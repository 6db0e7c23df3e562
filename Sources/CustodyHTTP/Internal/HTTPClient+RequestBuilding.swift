import Foundation

extension HTTPClient {
  /// The request for `endpoint`: the URL below ``baseURL`` with the query encoded, default
  /// `Accept`, and the body encoded with ``encoder``.
  func makeRequest<Response>(for endpoint: Endpoint<Response>) throws(HTTPError) -> HTTPRequest {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
      throw .invalidRequest(reason: "the base URL is malformed")
    }
    let basePath =
      components.percentEncodedPath.hasSuffix("/")
      ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
    let path = endpoint.path.hasPrefix("/") ? endpoint.path : "/" + endpoint.path
    guard let encodedPath = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) else {
      throw .invalidRequest(reason: "the path cannot be encoded")
    }
    components.percentEncodedPath = basePath + encodedPath
    if !endpoint.query.isEmpty {
      components.queryItems = (components.queryItems ?? []) + endpoint.query
      // URLComponents leaves `+` as is, and servers read it as a space.
      components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
    }
    guard let url = components.url else { throw .invalidRequest(reason: "the path or query is malformed") }

    var headers: HTTPHeaders = ["Accept": "application/json"]
    var body: Data?
    var bodySource: HTTPBodySource?
    switch endpoint.body?.content {
    case .data(let data, let contentType)?:
      body = data
      headers["Content-Type"] = contentType
    case .source(let source, let contentType)?:
      bodySource = source
      headers["Content-Type"] = contentType
    case .json(let value)?:
      do { body = try encoder.encode(value) } catch { throw .invalidRequest(reason: "the body could not be encoded") }
      headers["Content-Type"] = "application/json"
    case nil:
      break
    }
    for field in endpoint.headers { headers[field.name] = field.value }
    return HTTPRequest(
      method: endpoint.method, url: url, headers: headers, body: body, bodySource: bodySource,
      timeout: endpoint.timeout, deadline: endpoint.deadline)
  }
}
