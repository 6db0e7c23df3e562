import CustodyHTTP
import StorefrontFixtures
import Testing

/// Where the embedded backend differs from the public service on purpose, each difference
/// pinned so it stays a choice and does not spread.
@Suite(.timeLimit(.minutes(1)))
struct DeliberateDifferenceTests {
  let server: Server

  init() throws { server = try Server() }

  /// The public service answers an edit and forgets it; here every later read shows it, so the
  /// demo can show one edit reaching every screen.
  @Test func anEditIsKeptForEveryLaterRead() async throws {
    _ = try await server.send(.put, "/products/1", json: #"{"title":"iPhone Galaxy +1","price":123}"#)

    let product = try await server.send(.get, "/products/1?select=title,price").object
    let found: IDPageBody = try await server.send(.get, "/products/search?q=galaxy%20%2B1").decoded()

    #expect(product["title"] as? String == "iPhone Galaxy +1" && product["price"] as? Int == 123)
    #expect(found.products.map(\.id) == [1])
  }

  /// The public service's logout only clears cookies and its tokens keep working; here a
  /// logout ends the session, so a token copied before it is useless after it.
  @Test func logoutEndsTheSessionOfItsToken() async throws {
    let session = try await server.login()
    let other = try await server.login()

    _ = try await server.send(.post, "/auth/logout", token: session.accessToken)
    let me = try await server.send(.get, "/auth/me", token: session.accessToken)
    let renewal = try await server.send(
      .post, "/auth/refresh", json: #"{"refreshToken":"\#(session.refreshToken)"}"#)

    #expect(me.status == 401 && me.message == "Invalid/Expired Token!")
    #expect(renewal.status == 403 && renewal.message == "Invalid refresh token")
    #expect(try await server.send(.get, "/auth/me", token: other.accessToken).status == 200)
  }

  /// The public service always limits (100 requests per 10 seconds per address); here the
  /// limit, like latency and failures, is off until configured.
  @Test func noRateLimitUnlessConfigured() async throws {
    var statuses: Set<Int> = []
    for _ in 1...120 { statuses.insert(try await server.send(.get, "/products/1?select=id").status) }

    #expect(statuses == [200])
  }
}
