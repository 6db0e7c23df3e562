import CustodyHTTP
import StorefrontFixtures
import Testing

@Suite(.timeLimit(.minutes(1)))
struct AuthTests {
  let server: Server

  init() throws { server = try Server() }

  @Test func demoAccountLogsInWithUserFieldsAndTokens() async throws {
    let session = try await server.login()

    #expect(session.id == 1 && session.username == "emilys")
    #expect(session.firstName == "Emily" && session.lastName == "Johnson" && session.gender == "female")
    #expect(!session.email.isEmpty && !session.image.isEmpty)
    #expect(session.accessToken.count >= 32 && session.refreshToken.count >= 32)
    #expect(session.accessToken != session.refreshToken)
    #expect(session.accessToken.split(separator: ".").count == 3)  // a JSON Web Token, as on the public service
    #expect(server.backend.loginCount == 1)
  }

  @Test(arguments: [
    (#"{"username":"emilys","password":"wrong"}"#, "Invalid credentials"),
    (#"{"username":"nobody","password":"emilyspass"}"#, "Invalid credentials"),
    (#"{"username":"emilys"}"#, "Username and password required"),
    ("", "Username and password required"),
  ])
  func badLoginIsABadRequest(body: String, message: String) async throws {
    let response = try await server.send(.post, "/auth/login", json: body)

    #expect(response.status == 400)
    #expect(response.message == message)
    #expect(server.backend.loginCount == 0)
  }

  @Test func malformedLoginBodyIsABadRequest() async throws {
    let response = try await server.send(.post, "/auth/login", json: #"{"username": "emilys", "#)

    #expect(response.status == 400 && response.message == "Unexpected end of JSON input")
  }

  @Test func meAnswersTheUserOfAValidToken() async throws {
    let session = try await server.login()

    let user: UserBody = try await server.send(.get, "/auth/me", token: session.accessToken).decoded()

    #expect(user.id == 1 && user.username == "emilys" && user.firstName == "Emily")
  }

  @Test func missingUnknownAndExpiredTokensAreUnauthorized() async throws {
    let session = try await server.login(minutes: 1)

    let missing = try await server.send(.get, "/auth/me")
    let unknown = try await server.send(.get, "/auth/me", token: "not-a-token")
    server.wallClock.advance(by: .seconds(61))
    let expired = try await server.send(.get, "/auth/me", token: session.accessToken)

    #expect(missing.status == 401 && missing.message == "Access Token is required")
    #expect(unknown.status == 401 && unknown.message == "Invalid/Expired Token!")
    #expect(expired.status == 401 && expired.message == "Token Expired!")
    #expect(server.backend.statistics.unauthorized == 3)
  }

  @Test func missingRefreshTokenIsUnauthorizedAndAnUnknownOneForbidden() async throws {
    let missing = try await server.send(.post, "/auth/refresh", json: "{}")
    let unknown = try await server.send(.post, "/auth/refresh", json: #"{"refreshToken":"abc"}"#)

    #expect(missing.status == 401 && missing.message == "Refresh token required")
    #expect(unknown.status == 403 && unknown.message == "Invalid refresh token")
  }

  @Test func expiredRefreshTokenIsForbidden() async throws {
    let server = try Server { $0.refreshTokenLifetime = .seconds(120) }
    let session = try await server.login()
    server.wallClock.advance(by: .seconds(121))

    let response = try await server.send(.post, "/auth/refresh", json: #"{"refreshToken":"\#(session.refreshToken)"}"#)

    #expect(response.status == 403)
  }

  @Test func tokenLifetimeOverridesExpiresInMinutes() async throws {
    let server = try Server { $0.tokenLifetime = .seconds(30) }
    let session = try await server.login(minutes: 60)
    server.wallClock.advance(by: .seconds(31))

    let response = try await server.send(.get, "/auth/me", token: session.accessToken)

    #expect(response.message == "Token Expired!")
  }

  @Test func revokedSessionCannotBeUsedAgainNorRenewed() async throws {
    let session = try await server.login()

    #expect(server.backend.revoke(token: session.accessToken))
    let me = try await server.send(.get, "/auth/me", token: session.accessToken)
    let refresh = try await server.send(.post, "/auth/refresh", json: #"{"refreshToken":"\#(session.refreshToken)"}"#)

    #expect(me.status == 401 && me.message == "Invalid/Expired Token!")
    #expect(refresh.status == 403)
    #expect(!server.backend.revoke(token: session.accessToken))
  }

  @Test func logoutRouteEndsTheSessionOfItsToken() async throws {
    let session = try await server.login()
    let other = try await server.login()

    let logout = try await server.send(.post, "/auth/logout", token: session.accessToken)

    #expect(logout.status == 200)
    #expect(try await server.send(.get, "/auth/me", token: session.accessToken).status == 401)
    #expect(try await server.send(.get, "/auth/me", token: other.accessToken).status == 200)
  }

  @Test func resourcesUnderAuthNeedAToken() async throws {
    let session = try await server.login()

    let anonymous = try await server.send(.get, "/auth/products/1")
    let product: ProductBody = try await server.send(.get, "/auth/products/1", token: session.accessToken).decoded()
    let page: PageBody = try await server.send(.get, "/auth/products?limit=5", token: session.accessToken).decoded()
    let edit = try await server.send(.put, "/auth/products/1", json: #"{"title":"Mine"}"#, token: session.accessToken)

    #expect(anonymous.status == 401 && anonymous.message == "Access Token is required")
    #expect(product.id == 1)
    #expect(page.products.count == 5)
    #expect(edit.status == 200)
    #expect(server.backend.requestCount(path: "/auth/products/1") == 3)
  }
}
