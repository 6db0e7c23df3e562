import CustodyHTTP
import Foundation
import FuzzSupport
import Storefront
import StorefrontFixtures

/// The embedded backend from arbitrary requests. The input is a request line, `METHOD TARGET`
/// and optionally ` TOKEN` (the word `bearer` for a valid access token, anything else is sent
/// as the token), then a newline and the body. Every request must get a well-formed answer: a
/// status, a JSON body, a message with every error, pages the app can read; or, as on the
/// public service, an HTML page for a path with no route and a redirect for a trailing slash.
///
/// Run the binary on one input file with `FUZZ_SHOW_RESPONSE=1` to print what the backend
/// answered, when reading a crash or making a seed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmbeddedBackend(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let input = BackendInput(FuzzInput.data(bytes, count)) else { return 0 }
  runBlocking { await exercise(input) }
  return 0
}

private let baseURL = URL(string: "http://storefront.embedded")!
private let showsResponse = ProcessInfo.processInfo.environment["FUZZ_SHOW_RESPONSE"] == "1"

/// One backend for every input: making one per input (generating its catalog) would cost more
/// than the request. Sessions end after each input, so they do not pile up; edits stay, as
/// they would on a long-running server.
private let backend: EmbeddedBackend = {
  do {
    return try EmbeddedBackend(
      configuration: EmbeddedBackend.Configuration(baseURL: baseURL, productCount: 30), clock: ImmediateClock(),
      now: { Date(timeIntervalSince1970: 1_750_000_000) })
  } catch {
    fatalError("the configuration is refused: \(error)")
  }
}()

private func exercise(_ input: BackendInput) async {
  defer { backend.revokeAllTokens() }
  var request = HTTPRequest(method: HTTPMethod(rawValue: input.method), url: input.url, body: input.body)
  switch input.token {
  case nil: break
  case "bearer": request.headers["Authorization"] = "Bearer \(await accessToken())"
  case let token?: request.headers["Authorization"] = "Bearer \(token)"
  }
  let response = await send(request)
  if showsResponse { print("HTTP \(response.status)\n" + String(decoding: response.body, as: UTF8.self)) }
  check(response, for: request)
  // A product the request may have changed must still read back as JSON.
  let product = HTTPRequest(url: baseURL.appending(path: "products/1"))
  check(await send(product), for: product)
}

private func send(_ request: HTTPRequest) async -> HTTPResponse {
  do {
    return try await backend.send(request)
  } catch {
    fatalError("\(request) threw \(error) instead of answering")
  }
}

private func accessToken() async -> String {
  let account = EmbeddedBackend.demoAccount
  let body = try! JSONSerialization.data(withJSONObject: ["username": account.username, "password": account.password])
  let login = HTTPRequest(method: .post, url: baseURL.appending(path: "auth/login"), body: body)
  let response = await send(login)
  let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
  guard let token = object?["accessToken"] as? String else { fatalError("the demo account cannot sign in") }
  return token
}

private func check(_ response: HTTPResponse, for request: HTTPRequest) {
  precondition((200..<600).contains(response.status), "\(request): status \(response.status)")
  let contentType = response.headers["Content-Type"] ?? ""
  if contentType.hasPrefix("text/html") {
    precondition(response.status == 404 && !response.body.isEmpty, "\(request): an HTML page that is not a 404")
    return
  }
  if contentType.hasPrefix("text/plain") {
    precondition(
      response.status == 301 && response.headers["Location"] != nil, "\(request): text that is not a redirect")
    return
  }
  precondition(
    response.headers["Content-Type"]?.hasPrefix("application/json") == true, "\(request): not labelled JSON")
  guard let body = try? JSONSerialization.jsonObject(with: response.body, options: .fragmentsAllowed) else {
    fatalError("\(request): the body is not JSON: \(String(decoding: response.body.prefix(200), as: UTF8.self))")
  }
  if response.status >= 400 {
    precondition((body as? [String: Any])?["message"] is String, "\(request): an error without a message")
  }
  // Pages are what the app reads most: every product of a full page must decode.
  if response.isSuccess, (body as? [String: Any])?["products"] != nil, request.queryValue("select") == nil {
    guard let page = try? JSONDecoder().decode(ProductListDTO.self, from: response.body) else {
      fatalError("\(request): the page does not decode")
    }
    precondition(page.dropped.isEmpty, "\(request): products the app cannot read: \(page.dropped)")
    _ = page.model().nextSkip
  }
}

/// A request read from the fuzzer's bytes.
private struct BackendInput: Sendable {
  var method: String
  var url: URL
  var token: String?
  var body: Data?

  init?(_ data: Data) {
    let newline = data.firstIndex(of: 0x0A) ?? data.endIndex
    let line = String(decoding: data[data.startIndex..<newline], as: UTF8.self)
    let rest = newline < data.endIndex ? data[data.index(after: newline)...] : Data()
    let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    method = parts[0]
    let target = parts.count > 1 ? parts[1] : "/"
    token = parts.count > 2 ? parts[2] : nil
    body = rest.isEmpty ? nil : Data(rest)
    guard let url = Self.url(target) else { return nil }
    self.url = url
  }

  /// The target below the base URL, as written when it is a valid URL, else percent-encoded.
  private static func url(_ target: String) -> URL? {
    let target = target.hasPrefix("/") ? target : "/" + target
    if let url = URL(string: baseURL.absoluteString + target) { return url }
    var components = URLComponents()
    components.scheme = baseURL.scheme
    components.host = baseURL.host()
    let query = target.firstIndex(of: "?")
    components.path = String(target[..<(query ?? target.endIndex)])
    if let query { components.query = String(target[target.index(after: query)...]) }
    return components.url
  }
}
