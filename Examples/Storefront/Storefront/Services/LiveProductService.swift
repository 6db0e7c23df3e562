import Custody
import CustodyHTTP
import Foundation

/// ``ProductService`` over the Storefront API.
///
/// While someone is signed in, calls go through the protected `/auth/…` routes, which the
/// authorization middleware's predicate accepts, so it attaches the credential and renews it on
/// a 401; the public routes go out without one. A read that fails because the server ended the
/// session on the way (its renewal was refused) is sent again on the public route: the catalog
/// needs no session, so its end is the session's news, not the catalog's failure.
public struct LiveProductService: ProductService {
  private let client: HTTPClient
  private let usesProtectedRoutes: @Sendable () async -> Bool

  /// - Parameters:
  ///   - client: Sends the requests; give it the authorization middleware, authorizing the
  ///     `/auth/…` routes.
  ///   - usesProtectedRoutes: Whether to call the `/auth/…` routes now (someone is signed in).
  public init(client: HTTPClient, usesProtectedRoutes: @escaping @Sendable () async -> Bool = { false }) {
    self.client = client
    self.usesProtectedRoutes = usesProtectedRoutes
  }

  @concurrent public func products(_ query: ProductQuery) async throws -> ProductPage {
    var items = [
      URLQueryItem(name: "limit", value: "\(query.limit)"), URLQueryItem(name: "skip", value: "\(query.skip)"),
    ]
    if let sort = query.sort {
      items += [
        URLQueryItem(name: "sortBy", value: sort.field.rawValue),
        URLQueryItem(name: "order", value: sort.order.rawValue),
      ]
    }
    let path = query.category.map { "/products/category/\(Self.escaped($0))" } ?? "/products"
    return try await read(path) { try await client.send(Endpoint(path: $0, query: items), decodingWith: Self.page) }
  }

  @concurrent public func search(_ text: String, limit: Int, skip: Int) async throws -> ProductPage {
    let items = [
      URLQueryItem(name: "q", value: text), URLQueryItem(name: "limit", value: "\(limit)"),
      URLQueryItem(name: "skip", value: "\(skip)"),
    ]
    return try await read("/products/search") {
      try await client.send(Endpoint(path: $0, query: items), decodingWith: Self.page)
    }
  }

  @concurrent public func product(id: Product.ID) async throws -> Product {
    try await read("/products/\(id)") { try await client.send(Endpoint<ProductDTO>(path: $0)).model() }
  }

  @concurrent public func categories() async throws -> [ProductCategory] {
    try await read("/products/categories") {
      try await client.send(Endpoint<[CategoryDTO]>(path: $0)).map { $0.model() }
    }
  }

  @concurrent public func update(id: Product.ID, changes: ProductChanges) async throws -> Product {
    let endpoint = Endpoint<ProductDTO>(
      method: .put, path: await route("/products/\(id)"), json: ProductUpdateDTO(changes))
    return try await client.send(endpoint).model()
  }

  /// A page of products, read in parts on every core when it is large; see ``ProductListDecoding``.
  @Sendable private static func page(_ body: Data, _ decoder: JSONDecoder) async throws -> ProductPage {
    try await ProductListDecoding.page(from: body, using: decoder)
  }

  private func route(_ path: String) async -> String {
    await usesProtectedRoutes() ? "/auth" + path : path
  }

  /// Sends a read of the public `path` with `send`, on the protected route while someone is
  /// signed in; sends it again on the public route when it was refused because the session
  /// ended meanwhile. A refusal while the session goes on (a renewed token refused again) stays.
  private func read<Value>(_ path: String, _ send: (String) async throws -> Value) async throws -> Value {
    guard await usesProtectedRoutes() else { return try await send(path) }
    do {
      return try await send("/auth" + path)
    } catch  where FailureCategory(error) == .unauthorized {
      guard !(await usesProtectedRoutes()) else { throw error }
      return try await send(path)
    }
  }

  private static func escaped(_ segment: String) -> String {
    segment.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? segment
  }
}
