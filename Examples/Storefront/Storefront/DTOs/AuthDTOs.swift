/// The body of `POST /auth/login`.
public struct LoginRequestDTO: Sendable, Hashable, Encodable {
  public var username: String
  public var password: String
  public var expiresInMins: Int
}

/// The body of `POST /auth/refresh`.
public struct RefreshRequestDTO: Sendable, Hashable, Encodable {
  public var refreshToken: String
  public var expiresInMins: Int
}

/// The answer to `POST /auth/refresh`.
public struct TokensDTO: Sendable, Hashable, Decodable {
  public var accessToken: String
  public var refreshToken: String
}

/// A user as the Storefront API sends it, with tokens when it answers a login.
public struct UserDTO: Sendable, Hashable, Decodable {
  public var id: Int
  public var username: String
  public var email: String?
  public var firstName: String?
  public var lastName: String?
  public var accessToken: String?
  public var refreshToken: String?

  public func model() -> User {
    User(id: id, username: username, email: email, firstName: firstName, lastName: lastName)
  }
}

/// The body of `PUT /products/{id}`: only the fields that change.
public struct ProductUpdateDTO: Sendable, Hashable, Encodable {
  public var title: String?
  public var price: Double?

  public init(_ changes: ProductChanges) {
    title = changes.title
    price = changes.price
  }
}
