import Custody
import CustodyHTTP
import Foundation

/// ``AuthService`` over the Storefront API.
public struct LiveAuthService: AuthService {
  private let client: HTTPClient
  private let sessionLength: Duration
  private let logoutPath: String?
  private let now: @Sendable () -> Date

  /// - Parameters:
  ///   - client: Sends the requests; `/auth/me` needs the authorization middleware, whose
  ///     predicate must let login, refresh and logout go out as they are (see
  ///     `StorefrontEnvironment`). Refreshes are best sent through a client without it.
  ///   - sessionLength: The access token lifetime to ask for (`expiresInMins`).
  ///   - logoutPath: The route that ends a session on the server, such as `/auth/logout`;
  ///     `nil` where the server has none, as on the public service.
  ///   - now: The wall clock, to turn the lifetime into an expiry date that survives a restart.
  public init(
    client: HTTPClient, sessionLength: Duration = .seconds(30 * 60), logoutPath: String? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.client = client
    self.sessionLength = sessionLength
    self.logoutPath = logoutPath
    self.now = now
  }

  @concurrent public func login(username: String, password: String) async throws -> SignedIn {
    let started = now()
    let form = LoginRequestDTO(username: username, password: password, expiresInMins: minutes)
    let user = try await client.send(
      Endpoint<UserDTO>(method: .post, path: "/auth/login", json: form))
    guard let accessToken = user.accessToken else {
      throw HTTPError.invalidResponse(reason: "The login answer has no access token.")
    }
    let credential = Credential(
      accessToken: accessToken, refreshToken: user.refreshToken, expiresAt: expiry(from: started))
    return SignedIn(user: user.model(), credential: credential)
  }

  @concurrent public func refresh(_ credential: Credential) async throws -> Credential {
    guard let refreshToken = credential.refreshToken else {
      throw HTTPError.unauthorized(message: "The session cannot be renewed. Sign in again.")
    }
    let started = now()
    let form = RefreshRequestDTO(refreshToken: refreshToken, expiresInMins: minutes)
    let tokens = try await client.send(
      Endpoint<TokensDTO>(method: .post, path: "/auth/refresh", json: form))
    return Credential(
      accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: expiry(from: started))
  }

  @concurrent public func me() async throws -> User {
    try await client.send(Endpoint<UserDTO>(path: "/auth/me")).model()
  }

  /// Ends the session with its own access token, which the authorization middleware leaves
  /// alone: an expired token is not renewed just to be thrown away.
  @concurrent public func logout(_ credential: Credential) async throws {
    guard let logoutPath else { return }
    let endpoint = Endpoint<Never>(
      method: .post, path: logoutPath, headers: ["Authorization": "Bearer \(credential.accessToken)"])
    _ = try await client.response(for: endpoint)
  }

  private var minutes: Int { max(1, Int(sessionLength.components.seconds / 60)) }

  /// Measured from when the request started, so a slow answer errs on the early side.
  private func expiry(from start: Date) -> Date {
    start.addingTimeInterval(TimeInterval(minutes * 60))
  }
}
