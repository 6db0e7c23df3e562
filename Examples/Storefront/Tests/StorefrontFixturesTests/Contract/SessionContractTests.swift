import CustodyHTTP
import Foundation
import StorefrontFixtures
import Testing

/// The contract of sessions, request by request as the public service answered them: where
/// a token may travel, how bad ones fail, and what refresh and logout leave valid.
@Suite(.timeLimit(.minutes(1)))
struct SessionContractTests {
  let server: Server

  init() throws { server = try Server() }

  private func me(_ headers: HTTPHeaders) async throws -> HTTPResponse {
    try await server.backend.send(
      HTTPRequest(url: URL(string: "http://storefront.embedded/auth/me")!, headers: headers))
  }

  @Test func theAccessTokenIsAcceptedWithOrWithoutItsSchemeAndAsACookie() async throws {
    let token = try await server.login().accessToken

    for headers: HTTPHeaders in [
      ["Authorization": "Bearer \(token)"], ["Authorization": token], ["Cookie": "theme=dark; accessToken=\(token)"],
    ] {
      ContractCase.get("/auth/me").keys(ContractKeys.user).verify(try await me(headers))
    }
  }

  @Test func aLoginSetsBothTokensAsCookiesForItsLifetime() async throws {
    let response = try await server.send(
      .post, "/auth/login", json: #"{"username":"emilys","password":"emilyspass","expiresInMins":1}"#)
    let session: SessionBody = try response.decoded()

    let cookies = response.headers.values(for: "Set-Cookie")
    try #require(cookies.count == 2)
    #expect(cookies[0].hasPrefix("accessToken=\(session.accessToken); Max-Age=60; Path=/; Expires="))
    #expect(cookies[1].hasPrefix("refreshToken=\(session.refreshToken); Max-Age=60;"))
  }

  @Test func tokensAreJSONWebTokensThatNameTheirUserAndExpiry() async throws {
    let session = try await server.login(minutes: 30)

    let parts = session.accessToken.split(separator: ".")
    #expect(parts.count == 3)
    var payload = String(parts[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
    let data = try #require(Data(base64Encoded: payload))
    let claims = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Int])
    #expect(claims["id"] == 1 && claims["exp"].map { $0 - claims["iat"]! } == 1_800)
  }

  @Test(arguments: [
    ("not-a-real-token", 401, "Invalid/Expired Token!"),
    ("a.b.c", 500, "invalid token"),
  ])
  func aTokenThatIsNotOneIsRefused(token: String, status: Int, message: String) async throws {
    let response = try await me(["Authorization": "Bearer \(token)"])

    ContractCase.get("/auth/me", status).keys(ContractKeys.message).message(message).verify(response)
    #expect(
      response.headers.values(for: "Set-Cookie").allSatisfy { $0.contains("=; Path=/; Expires=Thu, 01 Jan 1970") })
  }

  @Test func aTokenWithAnEditedSignatureIsAServerError() async throws {
    let token = try await server.login().accessToken

    let response = try await me(["Authorization": "Bearer \(token.dropLast(4))AAAA"])

    ContractCase.get("/auth/me", 500).message("invalid signature").verify(response)
  }

  @Test func anExpiredAccessTokenIsRefusedOnEveryProtectedRoute() async throws {
    let token = try await server.login(minutes: 1).accessToken
    server.wallClock.advance(by: .seconds(66))

    for path in ["/auth/me", "/auth/products/1?select=title"] {
      let response = try await server.send(.get, path, token: token)
      ContractCase.get(path, 401).message("Token Expired!").verify(response)
    }
  }

  @Test func resourcesUnderAuthAnswerAsTheOpenOnesAndUnknownOnesWithAPage() async throws {
    let token = try await server.login().accessToken

    ContractCase.get("/auth/products/1?select=title").keys(["id", "title"])
      .verify(try await server.send(.get, "/auth/products/1?select=title", token: token))
    ContractCase.get("/auth/products?limit=1&select=title").keys(ContractKeys.page).count(.exactly(1))
      .verify(try await server.send(.get, "/auth/products?limit=1&select=title", token: token))
    ContractCase.get("/auth/no-such-thing", 404, kind: .html)
      .verify(try await server.send(.get, "/auth/no-such-thing", token: token))
    ContractCase.send(.put, "/auth/products/1", nil, 200).keys(ContractKeys.update)
      .verify(try await server.send(.put, "/auth/products/1", json: #"{"title":"auth put"}"#, token: token))
  }

  @Test func aRefreshTokenStaysValidAfterItIsUsed() async throws {
    let session = try await server.login()
    let body = #"{"refreshToken":"\#(session.refreshToken)","expiresInMins":30}"#

    let first = try await server.send(.post, "/auth/refresh", json: body)
    let again = try await server.send(.post, "/auth/refresh", json: body)

    for response in [first, again] {
      ContractCase.send(.post, "/auth/refresh", body, 200).keys(ContractKeys.tokens).verify(response)
      #expect(response.headers.values(for: "Set-Cookie").count == 2)
    }
    let renewed: TokensBody = try first.decoded()
    #expect(try await server.send(.get, "/auth/me", token: session.accessToken).status == 200)
    #expect(try await server.send(.get, "/auth/me", token: renewed.accessToken).status == 200)
    #expect(server.backend.refreshCount == 2)
  }

  @Test(arguments: ["0", "100000", #""soon""#])
  func aRefreshAskingForAnImpossibleLifetimeIsAServerError(minutes: String) async throws {
    let session = try await server.login()

    let response = try await server.send(
      .post, "/auth/refresh", json: #"{"refreshToken":"\#(session.refreshToken)","expiresInMins":\#(minutes)}"#)

    ContractCase.send(.post, "/auth/refresh", nil, 500)
      .message("Maximum access token expire time can be 43200 minutes").verify(response)
  }

  @Test func aLoginOrRefreshWithoutALifetimeLastsSixtyMinutes() async throws {
    let session = try await server.send(.post, "/auth/login", json: #"{"username":"emilys","password":"emilyspass"}"#)
      .decoded(as: SessionBody.self)
    let renewed: TokensBody = try await server.send(
      .post, "/auth/refresh", json: #"{"refreshToken":"\#(session.refreshToken)"}"#
    ).decoded()
    server.wallClock.advance(by: .seconds(59 * 60))

    #expect(try await server.send(.get, "/auth/me", token: session.accessToken).status == 200)
    #expect(try await server.send(.get, "/auth/me", token: renewed.accessToken).status == 200)
    server.wallClock.advance(by: .seconds(60))
    #expect(try await server.send(.get, "/auth/me", token: session.accessToken).message == "Token Expired!")
    #expect(try await server.send(.get, "/auth/me", token: renewed.accessToken).message == "Token Expired!")
  }

  @Test func logoutSaysSoAndClearsTheCookies() async throws {
    let token = try await server.login().accessToken

    let response = try await server.send(.post, "/auth/logout", token: token)

    ContractCase.send(.post, "/auth/logout", nil, 200).keys(ContractKeys.message).message("Logged out successfully")
      .verify(response)
    #expect(response.headers.values(for: "Set-Cookie").allSatisfy { $0.hasSuffix("; HttpOnly; Secure") })
  }
}
