import Custody
import CustodyHTTP
import Foundation
import Synchronization

extension EmbeddedBackend {
  /// Checks the token of a protected route, then answers the route.
  func respond(
    to request: HTTPRequest, components: [Substring], options: QueryOptions
  ) throws(RouteFailure) -> HTTPResponse {
    let (route, requiresToken) = Route.match(method: request.method, components: components)
    let token = request.presentedToken
    var userID = 0
    if requiresToken {
      let verdict = state.withLock { $0.sessions.user(forAccessToken: token, now: now()) }
      switch verdict {
      case .success(let id): userID = id
      case .failure(let refusal):
        state.withLock { $0.statistics.unauthorized += 1 }
        throw refusal.failure
      }
    }
    switch route {
    case .products, .search, .category, .categories, .categoryList, .product:
      return try read(route, options: options)
    case .updateProduct(let id):
      return try update(id: id, body: JSONValue.object(fromBody: request.body))
    case .login:
      let body = try JSONValue.object(fromBody: request.body)
      return try state.withLock { state throws(RouteFailure) in
        let (response, _) = try auth.login(body, sessions: &state.sessions, now: now())
        state.statistics.logins += 1
        return response
      }
    case .refresh:
      let body = try JSONValue.object(fromBody: request.body)
      return try state.withLock { state throws(RouteFailure) in
        let response = try auth.refresh(body, sessions: &state.sessions, now: now())
        state.statistics.refreshes += 1
        return response
      }
    case .me:
      return auth.me(userID: userID)
    case .logout:
      if let token { revoke(token: token) }
      return .message("Logged out", status: 200)
    case .notFound:
      throw .notFound("Not found: \(request.method) /\(components.joined(separator: "/"))")
    }
  }

  /// Read-only routes work on a snapshot of the catalog, so encoding a large page never holds
  /// the lock.
  private func read(_ route: Route, options: QueryOptions) throws(RouteFailure) -> HTTPResponse {
    let catalog = state.withLock { $0.catalog }
    switch route {
    case .search:
      let query = SearchQuery(options.search)
      return catalog.page(matching: query.matches, options: options)
    case .category(let slug):
      let slug = slug.lowercased()
      return catalog.page(matching: { $0.category.lowercased() == slug }, options: options)
    case .categories: return catalog.categoriesResponse(baseURL: assetBase)
    case .categoryList: return catalog.categoryListResponse
    case .product(let id): return try catalog.productResponse(id: id, options: options)
    default: return catalog.page(matching: nil, options: options)
    }
  }

  private func update(id: String, body: [String: JSONValue]) throws(RouteFailure) -> HTTPResponse {
    let updatedAt = ISO8601Milliseconds.string(fromMilliseconds: Int64((now().timeIntervalSince1970 * 1_000).rounded()))
    let product = try state.withLock { state throws(RouteFailure) in
      let product = try ProductUpdate.apply(body, to: state.catalog.existingProduct(id: id), updatedAt: updatedAt)
      state.catalog.replace(product)
      return product
    }
    return .jsonBytes(product.jsonBytes)
  }
}
