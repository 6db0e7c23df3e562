import Custody
import CustodyTesting
import Foundation

/// A wall clock that moves only when a test moves it.
final class ManualWallClock: Sendable {
  private let date: LockedState<Date>

  init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) { date = LockedState(start) }

  var now: Date { date.withLock { $0 } }

  func advance(by duration: Duration) {
    date.withLock { $0 += duration.timeInterval }
  }
}

/// An error of a fake auth server, categorized the way an HTTP client categorizes statuses.
struct AuthServerError: Error, CategorizedError {
  let status: Int
  var failureCategory: FailureCategory {
    switch status {
    case 401: .unauthorized
    case 403: .forbidden
    case 500...: .server(status: status)
    default: .rejected(status: status)
    }
  }
}

/// How a call for a credential ended, in a form tests can compare.
enum TokenEnding: Equatable {
  case credential(String)
  case cancelled
  case signedOut(TokenStore.SignOutReason)
  case refreshFailed
  case tooManyRefreshes
  case other(String)

  init(_ result: Result<Credential, any Error>) {
    switch result {
    case .success(let credential): self = .credential(credential.accessToken)
    case .failure(is CancellationError): self = .cancelled
    case .failure(TokenStoreError.signedOut(let reason)): self = .signedOut(reason)
    case .failure(TokenStoreError.refreshFailed): self = .refreshFailed
    case .failure(TokenStoreError.tooManyRefreshes): self = .tooManyRefreshes
    case .failure(let error): self = .other(String(describing: error))
    }
  }
}

extension Task where Success == Credential, Failure == any Error {
  var tokenEnding: TokenEnding {
    get async { TokenEnding(await result) }
  }
}

/// Everything a test needs around a `TokenStore`: a controlled refresh, controlled time and a
/// record of what the store asked to persist.
final class TokenHarness: Sendable {
  let refresh = ControlledRefresh()
  let wallClock = ManualWallClock()
  let clock = TestClock()
  let persisted = LockedState<[Credential?]>([])
  /// What the stores made by ``makeStore(signedInWith:policy:)`` report.
  let inspector = TestInspector()

  /// A credential named `token` expiring `seconds` after the harness's current time.
  func credential(_ token: String, expiresIn seconds: Int = 3_600) -> Credential {
    Credential(
      accessToken: token, refreshToken: "refresh-\(token)",
      expiresAt: wallClock.now.addingTimeInterval(TimeInterval(seconds)))
  }

  func makeStore(signedInWith credential: Credential?, policy: TokenStore.Policy = .init()) -> TokenStore {
    TokenStore(
      credential: credential, policy: policy, now: { [wallClock] in wallClock.now }, clock: clock,
      persist: { [self] credential in self.persisted.withLock { $0.append(credential) } },
      name: "session", inspector: inspector,
      refresh: { [refresh] old in try await refresh(old) })
  }

  var lastPersisted: Credential?? { persisted.withLock { $0.last } }
}

typealias ControlledRefresh = ControlledOperation<Credential, Credential>
