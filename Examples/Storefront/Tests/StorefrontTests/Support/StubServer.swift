import CustodyHTTP
import Foundation
import Storefront

/// An in-process server of the part of the Storefront API the view models use, with switches a
/// test flips: the network drops, access tokens expire or fail verification, refreshes are
/// rejected.
actor StubServer {
  let catalog: [Product]
  /// How many requests each path received.
  private(set) var hits: [String: Int] = [:]
  private(set) var refreshes = 0
  var isOffline = false
  var rejectsRefreshes = false
  private var issued = 0
  private var accessIsValid = false
  private var signatureIsValid = true

  init(productCount: Int = 50) {
    catalog = (1...productCount).map { Product.sample($0, category: $0 <= productCount / 2 ? "beauty" : "groceries") }
  }

  func goOffline(_ offline: Bool = true) { isOffline = offline }
  /// Makes the access token handed out last expire, as a server's clock does.
  func expireAccessToken() { accessIsValid = false }
  func rejectRefreshes() { rejectsRefreshes = true }
  /// Makes the access token handed out last fail verification, as one signed by another server
  /// or damaged on disk does: the public service answers 500 `invalid signature`.
  func breakAccessTokenSignature() { signatureIsValid = false }

  /// A transport that sends every request here.
  nonisolated var transport: InProcessTransport {
    InProcessTransport { request in try await self.handle(request) }
  }

  func handle(_ request: HTTPRequest) throws -> HTTPResponse {
    if isOffline { throw HTTPError.offline(reason: "no network connection") }
    let path = request.path
    hits[path, default: 0] += 1
    switch (request.method, path) {
    case (.post, "/auth/login"): return login(try decode(LoginForm.self, request))
    case (.post, "/auth/refresh"): return try refresh(try decode(RefreshForm.self, request))
    default: break
    }
    guard path.hasPrefix("/auth/") else { return try route(request, path: path) }
    let isCurrent = request.headers["Authorization"] == "Bearer access-\(issued)"
    if isCurrent, !signatureIsValid { return .message("invalid signature", status: 500) }
    guard accessIsValid, isCurrent else { return .message("Token Expired!", status: 401) }
    return try route(request, path: String(path.dropFirst("/auth".count)))
  }

  private func route(_ request: HTTPRequest, path: String) throws -> HTTPResponse {
    switch path {
    case "/me":
      return try .json(Self.emily)
    case "/products":
      let limit = Int(request.queryValue("limit") ?? "30") ?? 30
      let skip = Int(request.queryValue("skip") ?? "0") ?? 0
      let page = Array(catalog.dropFirst(skip).prefix(limit))
      return try .json(Listing(products: page, total: catalog.count, skip: skip, limit: page.count))
    default:
      if let id = Int(path.dropFirst("/products/".count)), let product = catalog.first(where: { $0.id == id }) {
        return try .json(product)
      }
      return .message("Not found", status: 404)
    }
  }

  private func login(_ form: LoginForm) -> HTTPResponse {
    guard form.username == "emilys", form.password == "emilyspass" else {
      return .message("Invalid credentials", status: 400)
    }
    issueTokens()
    var user = Self.emily
    user.accessToken = "access-\(issued)"
    user.refreshToken = "refresh-\(issued)"
    return (try? .json(user)) ?? .message("encoding failed", status: 500)
  }

  private func refresh(_ form: RefreshForm) throws -> HTTPResponse {
    refreshes += 1
    guard !rejectsRefreshes, form.refreshToken == "refresh-\(issued)" else {
      return .message("Invalid refresh token", status: 403)
    }
    issueTokens()
    return try .json(["accessToken": "access-\(issued)", "refreshToken": "refresh-\(issued)"])
  }

  private func issueTokens() {
    issued += 1
    accessIsValid = true
    signatureIsValid = true
  }

  private func decode<Form: Decodable>(_ type: Form.Type, _ request: HTTPRequest) throws -> Form {
    try JSONDecoder().decode(Form.self, from: request.body ?? Data())
  }

  static let emily = UserReply(id: 1, username: "emilys", firstName: "Emily", lastName: "Johnson")

  struct UserReply: Codable, Sendable {
    var id: Int
    var username: String
    var firstName: String
    var lastName: String
    var accessToken: String?
    var refreshToken: String?
  }

  private struct LoginForm: Decodable {
    var username: String
    var password: String
  }

  private struct RefreshForm: Decodable {
    var refreshToken: String
  }

  private struct Listing: Encodable {
    var products: [Product]
    var total: Int
    var skip: Int
    var limit: Int
  }
}
