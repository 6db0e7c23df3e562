import Custody
import CustodyHTTP
import Foundation

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
    case .addProduct:
      let body = try JSONValue.object(fromBody: request.body)
      let count = state.withLock { $0.catalog.products.count }
      return .jsonBytes(ProductUpdate.added(body, id: count + 1), status: 201)
    case .deleteProduct(let id):
      return try delete(id: id)
    case .users, .user:
      return try users(route, options: options)
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
      return .jsonMessage("Logged out successfully", status: 200, headers: Cookies.cleared(secure: true))
    case .notFound:
      throw .noRoute(method: request.method, path: request.path)
    }
  }

  /// Read-only routes work on a snapshot of the catalog, so encoding a large page never holds
  /// the lock.
  private func read(_ route: Route, options: QueryOptions) throws(RouteFailure) -> HTTPResponse {
    let catalog = state.withLock { $0.catalog }
    switch route {
    case .search:
      let query = SearchQuery(options.search)
      return catalog.page(matching: { query.matches(catalog.folded[$0.id - 1]) }, options: options)
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
    let original = try state.withLock { state throws(RouteFailure) in
      let original = try state.catalog.existingProduct(id: id)
      state.catalog.replace(ProductUpdate.apply(body, to: original, updatedAt: updatedAt))
      return original
    }
    return .jsonBytes(ProductUpdate.reply(body, to: original))
  }

  /// `DELETE /products/{id}`: the product marked deleted, and, as on the public service,
  /// nothing removed.
  private func delete(id: String) throws(RouteFailure) -> HTTPResponse {
    let product = try state.withLock { state throws(RouteFailure) in try state.catalog.existingProduct(id: id) }
    var bytes = product.jsonBytes
    bytes.removeLast()
    var writer = JSONWriter()
    writer.raw(bytes)
    writer.raw(",\"isDeleted\":true")
    writer.key("deletedOn")
    writer.string(ISO8601Milliseconds.string(fromMilliseconds: Int64((now().timeIntervalSince1970 * 1_000).rounded())))
    writer.raw("}")
    return .jsonBytes(writer.bytes)
  }

  /// `GET /users` and `GET /users/{id}`.
  private func users(_ route: Route, options: QueryOptions) throws(RouteFailure) -> HTTPResponse {
    var writer = JSONWriter()
    if case .user(let text) = route {
      guard let user = auth.users.first(where: { String($0.id) == text }) else {
        throw .notFound("User with id '\(text)' not found")
      }
      user.writeRecord(to: &writer, select: options.select)
      return .jsonBytes(writer.bytes)
    }
    let page = auth.users[options.window(count: auth.users.count)]
    writer.raw("{\"users\":[")
    for (index, user) in page.enumerated() {
      if index > 0 { writer.raw(",") }
      user.writeRecord(to: &writer, select: options.select)
    }
    writer.raw("],\"total\":")
    writer.int(auth.users.count)
    writer.raw(",\"skip\":")
    writer.optionalInt(options.skip)
    writer.raw(",\"limit\":")
    writer.int(page.count)
    writer.raw("}")
    return .jsonBytes(writer.bytes)
  }
}
