import CustodyHTTP
import Foundation
import Testing

@testable import Storefront

/// Which requests the authorization middleware gives the credential: the `/auth/…` routes
/// below the base URL, except the session's own calls.
@Suite
struct ProtectedRoutesTests {
  private func isProtected(
    _ path: String, base: String = "http://storefront.embedded", logoutPath: String? = nil
  )
    -> Bool
  {
    let configuration = StorefrontConfiguration(
      baseURL: URL(string: base)!, transport: InProcessTransport { _ in .message("unused", status: 500) },
      dataDirectory: FileManager.default.temporaryDirectory, logoutPath: logoutPath)
    let root = base.hasSuffix("/") ? String(base.dropLast()) : base
    let request = HTTPRequest(url: URL(string: root + path)!)
    return StorefrontEnvironment.protectedRoutes(of: configuration)(request)
  }

  @Test func protectedRoutesCarryTheCredential() {
    #expect(isProtected("/auth/me"))
    #expect(isProtected("/auth/products/1"))
  }

  @Test func publicRoutesGoOutWithoutIt() {
    #expect(!isProtected("/products/1"))
    #expect(!isProtected("/products/search"))
  }

  @Test func theSessionsOwnCallsGoOutAsTheyAre() {
    #expect(!isProtected("/auth/login"))
    #expect(!isProtected("/auth/refresh"))
    #expect(!isProtected("/auth/logout", logoutPath: "/auth/logout"))
    #expect(isProtected("/auth/logout"), "a route the server does not end sessions with is an ordinary one")
  }

  @Test func routesAreMatchedBelowTheBasePath() {
    #expect(isProtected("/auth/me", base: "http://server.test/api"))
    #expect(!isProtected("/auth/login", base: "http://server.test/api/"))
    #expect(!isProtected("/other/auth/me", base: "http://server.test/api"))
  }
}
