import CustodyHTTP

/// What a request asks for, decided from its method and path alone.
enum Route: Sendable, Equatable {
  case products
  case search
  case categories
  case categoryList
  case category(slug: String)
  case product(id: String)
  case updateProduct(id: String)
  case addProduct
  case deleteProduct(id: String)
  case users
  case user(id: String)
  case login
  case refresh
  case me
  case logout
  /// No route: the public service answers with an HTML page, not JSON.
  case notFound

  /// The route for `method` and `components` (the path below the base URL, split at slashes),
  /// and whether it needs a valid access token.
  static func match(method: HTTPMethod, components: [Substring]) -> (route: Route, requiresToken: Bool) {
    guard components.first == "auth" else { return (resource(method: method, components: components[...]), false) }
    switch (method, components.dropFirst().first) {
    case (.post, "login") where components.count == 2: return (.login, false)
    case (.post, "refresh") where components.count == 2: return (.refresh, false)
    case (.get, "me") where components.count == 2: return (.me, true)
    case (.post, "logout") where components.count == 2: return (.logout, true)
    default: return (resource(method: method, components: components.dropFirst()), true)
    }
  }

  private static func resource(method: HTTPMethod, components: ArraySlice<Substring>) -> Route {
    let parts = Array(components)
    switch parts.first {
    case "products": return product(method: method, parts: parts)
    case "users":
      switch (method, parts.count) {
      case (.get, 1): return .users
      case (.get, 2): return .user(id: String(parts[1]))
      default: return .notFound
      }
    default: return .notFound
    }
  }

  private static func product(method: HTTPMethod, parts: [Substring]) -> Route {
    switch (method, parts.count) {
    case (.get, 1): return .products
    case (.get, 2) where parts[1] == "search": return .search
    case (.get, 2) where parts[1] == "categories": return .categories
    case (.get, 2) where parts[1] == "category-list": return .categoryList
    case (.get, 3) where parts[1] == "category": return .category(slug: String(parts[2]))
    case (.get, 2): return .product(id: String(parts[1]))
    case (.post, 2) where parts[1] == "add": return .addProduct
    case (.put, 2), (.patch, 2): return .updateProduct(id: String(parts[1]))
    case (.delete, 2): return .deleteProduct(id: String(parts[1]))
    default: return .notFound
    }
  }
}
