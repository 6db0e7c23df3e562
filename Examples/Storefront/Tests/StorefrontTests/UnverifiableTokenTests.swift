import Custody
import CustodyHTTP
import Foundation
import Testing

@testable import Storefront

/// A saved token the API cannot verify (it answers 500 "invalid signature", as the public
/// service does) is renewed once, and ends the session cleanly when it cannot be renewed,
/// instead of failing every signed-in command until the user signs out.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct UnverifiableTokenTests {
  @Test func aTokenWithABadSignatureIsRenewedOnceAndTheCommandSucceeds() async throws {
    let server = StubServer()
    let bed = try await TestBed.live(server: server)
    let account = try await SessionViewModelTests.signedIn(bed)
    await server.breakAccessTokenSignature()

    await account.whoAmI()

    #expect(account.user?.displayName == "Emily Johnson")
    #expect(account.message == nil)
    #expect(await server.refreshes == 1)
    #expect(await server.hits["/auth/me"] == 2, "the refused request and its retry")
    try await bed.environment.session.flush()
    let saved = await FileStore<StoredSession?>.open(url: bed.folder.appending(path: "session.json"), default: nil)
      .value
    #expect(saved?.credential?.accessToken == "access-2", "the renewed token is saved for the next run")
  }

  @Test func aBadSignatureThatCannotBeRenewedSignsOutWithClearWords() async throws {
    let server = StubServer()
    let bed = try await TestBed.live(server: server)
    let account = try await SessionViewModelTests.signedIn(bed)
    await server.breakAccessTokenSignature()
    await server.rejectRefreshes()

    await account.whoAmI()

    #expect(account.message == "Your session has ended. Sign in again.")
    #expect(account.user == nil)
    #expect(await bed.environment.session.tokens.session == .signedOut(.sessionExpired))
    #expect(bed.environment.session.user == nil, "the saved session is forgotten")

    await account.whoAmI()  // the next command asks for a sign-in without calling the server
    #expect(account.message == "Your session has ended. Sign in again.")
    #expect(await server.hits["/auth/me"] == 1)
    #expect(await server.refreshes == 1)
  }

  @Test(arguments: [
    (401, "Token Expired!", true),
    (401, "Invalid/Expired Token!", true),
    (500, "invalid signature", true),
    (500, "Maximum access token expire time can be 43200 minutes", false),
    (503, "invalid signature", false),
    (404, "Not found", false),
  ])
  func theAPIsWaysOfRefusingATokenAreRecognised(status: Int, message: String, rejected: Bool) {
    let authenticator = StorefrontAuthenticator(
      service: LiveAuthService(client: HTTPClient(baseURL: testBaseURL, transport: StubServer().transport)))
    let request = HTTPRequest(url: testBaseURL.appending(path: "auth/me"))

    #expect(authenticator.isCredentialRejected(by: .message(message, status: status), for: request) == rejected)
  }
}
