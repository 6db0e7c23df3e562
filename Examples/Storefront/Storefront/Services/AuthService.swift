import Custody

/// Signs in, renews credentials and says who is signed in. Stateless: the credential lives in
/// the session owner, not here.
public protocol AuthService: Sendable {
  /// Signs in and returns the user with a fresh credential.
  func login(username: String, password: String) async throws -> SignedIn
  /// Renews `credential` with its refresh token.
  ///
  /// - Throws: An error categorized `.unauthorized` or `.forbidden` when the server refuses
  ///   the refresh token, which ends the session; any other error is transient.
  func refresh(_ credential: Credential) async throws -> Credential
  /// The signed-in user, asked of the server with the current credential.
  func me() async throws -> User
  /// Ends `credential`'s session on the server, where the server offers that.
  func logout(_ credential: Credential) async throws
}

extension AuthService {
  /// Servers without a logout (the public DummyJSON service among them) end nothing.
  public func logout(_ credential: Credential) async throws {}
}

/// What a successful login returns.
public struct SignedIn: Sendable, Hashable {
  public var user: User
  public var credential: Credential

  public init(user: User, credential: Credential) {
    self.user = user
    self.credential = credential
  }
}
