import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct AuthorizationMiddlewareTests {
  @Test func sendsTheBearerToken() async throws {
    let fixture = AuthFixture(credential: Credential(accessToken: "access-0", refreshToken: nil, expiresAt: nil))

    #expect(try await fixture.client.send(.me) == Me(username: "emilys"))
    #expect(await fixture.server.authorizations == ["Bearer access-0"])
  }

  @Test func refreshesOnceAfterA401AndRetriesWithTheNewToken() async throws {
    let fixture = AuthFixture(credential: AuthFixture.stale)

    #expect(try await fixture.client.send(.me) == Me(username: "emilys"))

    #expect(await fixture.server.hits == ["/auth/me": 2, "/auth/refresh": 1])
    #expect(await fixture.server.authorizations == ["Bearer stale", nil, "Bearer access-1"])
  }

  @Test func aSecond401FailsAsUnauthorizedWithoutAnotherRefresh() async {
    let fixture = AuthFixture(credential: AuthFixture.stale)
    await fixture.server.rejectAllTokens()

    let failure = await fixture.client.failure(of: .me)

    #expect(failure == .unauthorized(message: "Token Expired!"))
    #expect(await fixture.server.hits == ["/auth/me": 2, "/auth/refresh": 1])
  }

  @Test(arguments: [400, 401, 403])
  func aRejectedRefreshSignsOutWithoutALoop(status: Int) async {
    let fixture = AuthFixture(credential: AuthFixture.stale)
    await fixture.server.answerRefreshes(.reject(status: status))

    let first = await fixture.client.failure(of: .me)
    let second = await fixture.client.failure(of: .me)

    #expect(first?.failureCategory == .unauthorized)
    #expect(second?.failureCategory == .unauthorized)
    #expect(await fixture.tokens.session == .signedOut(.sessionExpired))
    #expect(await fixture.server.hits == ["/auth/me": 1, "/auth/refresh": 1], "signed out: nothing more is sent")
  }

  @Test func aRefreshThatCannotReachTheServerKeepsTheSession() async {
    let server = AuthServer()
    let offline = InProcessTransport { request in
      if request.path.hasSuffix("/auth/refresh") { throw HTTPError.offline(reason: "no network connection") }
      return try await server.handle(request)
    }
    let api = HTTPClient(baseURL: testBaseURL, transport: offline)
    let authorization = AuthorizationMiddleware(
      authenticator: BearerAuthenticator { _ in try await api.send(.refresh("refresh-0")).credential },
      credential: AuthFixture.expiring, now: { AuthFixture.now })
    let client = HTTPClient(baseURL: testBaseURL, transport: offline, middleware: [authorization])

    let failure = await client.failure(of: .me)

    #expect(failure?.failureCategory == .offline)
    #expect(await authorization.tokens.session == .signedIn)
  }

  @Test func aRequestThePredicateDeclinesGoesOutUntouchedWithoutASession() async throws {
    let fixture = AuthFixture(credential: nil, authorizes: { !$0.path.hasSuffix("/auth/login") })

    let reply = try await fixture.client.send(.login)

    #expect(reply.accessToken == "access-0")
    #expect(await fixture.server.authorizations == [nil])
  }

  @Test func aRequestThePredicateDeclinesCarriesNoCredentialWhileSignedIn() async throws {
    let signedIn = Credential(accessToken: "access-0", refreshToken: "refresh-0", expiresAt: nil)
    let fixture = AuthFixture(credential: signedIn, authorizes: { !$0.path.hasSuffix("/auth/login") })

    _ = try await fixture.client.send(.login)
    _ = try await fixture.client.send(.me)

    #expect(await fixture.server.authorizations == [nil, "Bearer access-0"])
  }

  /// An authorized client whose authenticator sends the refresh through that same client.
  private static func clientThatRefreshesThroughItself(
    _ server: AuthServer
  ) -> (client: HTTPClient, authorization: AuthorizationMiddleware) {
    let transport = InProcessTransport { try await server.handle($0) }
    let authorized = LockedState<HTTPClient?>(nil)
    let bearer = BearerAuthenticator { old in
      guard let client = authorized.withLock({ $0 }) else { throw CancellationError() }
      return try await client.send(.refresh(old.refreshToken ?? "")).renewed
    }
    let authorization = AuthorizationMiddleware(
      authenticator: bearer, credential: AuthFixture.stale, now: { AuthFixture.now }, clock: TestClock())
    let client = HTTPClient(baseURL: testBaseURL, transport: transport, middleware: [authorization])
    authorized.withLock { $0 = client }
    return (client, authorization)
  }

  @Test func aRefreshSentThroughTheAuthorizedClientDoesNotRecurse() async throws {
    let server = AuthServer()
    let (client, _) = Self.clientThatRefreshesThroughItself(server)

    #expect(try await client.send(.me) == Me(username: "emilys"))

    #expect(await server.hits == ["/auth/me": 2, "/auth/refresh": 1])
    #expect(await server.authorizations == ["Bearer stale", nil, "Bearer access-1"], "the refresh went out untouched")
  }

  @Test func aRejectedRefreshThroughTheAuthorizedClientSignsOutWithoutALoop() async throws {
    let server = AuthServer()
    await server.answerRefreshes(.reject(status: 401))
    let (client, authorization) = Self.clientThatRefreshesThroughItself(server)

    let failure = await client.failure(of: .me)

    #expect(failure?.failureCategory == .unauthorized)
    #expect(await authorization.tokens.session == .signedOut(.sessionExpired))
    #expect(await server.hits == ["/auth/me": 1, "/auth/refresh": 1])
  }

  @Test func aRefreshOfOneSessionIsStillAuthorizedByAnother() async throws {
    let other = AuthFixture(credential: Credential(accessToken: "access-0", refreshToken: nil, expiresAt: nil))
    let server = AuthServer()
    let transport = InProcessTransport { try await server.handle($0) }
    let api = HTTPClient(baseURL: testBaseURL, transport: transport)
    let bearer = BearerAuthenticator { old in
      _ = try await other.client.send(.me)  // another API's authorized call, made while refreshing
      return try await api.send(.refresh(old.refreshToken ?? "")).renewed
    }
    let authorization = AuthorizationMiddleware(
      authenticator: bearer, credential: AuthFixture.stale, now: { AuthFixture.now }, clock: TestClock())
    let client = HTTPClient(baseURL: testBaseURL, transport: transport, middleware: [authorization])

    #expect(try await client.send(.me) == Me(username: "emilys"))

    #expect(await other.server.authorizations == ["Bearer access-0"])
  }

  @Test func requestsWithoutASessionFailBeforeTheyAreSent() async {
    let fixture = AuthFixture(credential: nil)

    let failure = await fixture.client.failure(of: .me)

    #expect(failure?.failureCategory == .unauthorized)
    #expect(await fixture.server.hits.isEmpty)
  }

  @Test func concurrentRequestsDuringExpiryShareOneRefresh() async throws {
    let gate = ControlledOperation<Void, Void>()
    let fixture = AuthFixture(server: AuthServer(refreshGate: gate), credential: AuthFixture.expiring)

    let results = try await withThrowingTaskGroup(of: Me.self) { group in
      for _ in 0..<8 { group.addTask { try await fixture.client.send(.me) } }
      try await gate.waitForCalls(1)[0].resolve(())
      return try await group.reduce(into: []) { $0.append($1) }
    }

    #expect(results == Array(repeating: Me(username: "emilys"), count: 8))
    #expect(gate.callCount == 1)
    #expect(await fixture.server.hits == ["/auth/me": 8, "/auth/refresh": 1])
  }

  @Test func concurrent401sShareOneRefresh() async throws {
    let fixture = AuthFixture(credential: AuthFixture.stale)

    let results = try await withThrowingTaskGroup(of: Me.self) { group in
      for _ in 0..<8 { group.addTask { try await fixture.client.send(.me) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }

    #expect(results.count == 8)
    #expect(await fixture.server.hits["/auth/refresh"] == 1)
  }
}

extension TokenReply {
  var credential: Credential { Credential(accessToken: accessToken, refreshToken: refreshToken, expiresAt: nil) }
}

extension Endpoint where Response == TokenReply {
  static let login = Endpoint(method: .post, path: "/auth/login", json: ["username": "emilys"])
}
