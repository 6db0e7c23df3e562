import Custody
import CustodyHTTP
import Foundation
import Testing

/// Redirects over ``URLSessionTransport``: credentials never reach another host.
@Suite(.enabled(if: HTTPBin.isAvailable, "needs httpbin: run scripts/test"), .timeLimit(.minutes(1)))
struct HTTPBinRedirectTests {
  let authorization = AuthorizationMiddleware(
    authenticator: BearerAuthenticator { $0 },
    credential: Credential(accessToken: "token-1", refreshToken: nil, expiresAt: nil))

  func redirect(to url: String) -> Endpoint<Echo> {
    Endpoint(path: "/redirect-to", query: [URLQueryItem(name: "url", value: url)])
  }

  @Test func followsARedirectWithinTheOriginKeepingTheCredential() async throws {
    let client = HTTPBin.client(middleware: [authorization])

    let echo = try await client.send(redirect(to: "/headers"))

    #expect(echo.headers["Authorization"] == "Bearer token-1")
  }

  @Test func refusesARedirectToAnotherHostByDefault() async {
    let client = HTTPBin.client(middleware: [authorization])

    let failure = await client.failure(of: redirect(to: HTTPBin.otherHost("/headers")))

    #expect(failure == .unexpectedStatus(302))
    #expect(failure?.failureCategory == .invalidResponse)
  }

  @Test func followsARedirectToAnotherHostWithoutTheCredentialWhenAllowed() async throws {
    let client = HTTPBin.client(.init(redirects: .anyHost), middleware: [authorization])

    let echo = try await client.send(redirect(to: HTTPBin.otherHost("/headers")))

    let otherHost = try #require(HTTPBin.otherHostURL)
    #expect(echo.headers["Host"] == "\(otherHost.host()!):\(otherHost.port!)", "answered by the other host")
    #expect(echo.headers["Authorization"] == nil)
  }

  @Test func followsNoRedirectWhenToldSo() async {
    let failure = await HTTPBin.client(.init(redirects: .never)).failure(of: redirect(to: "/headers"))
    #expect(failure == .unexpectedStatus(302))
  }
}
