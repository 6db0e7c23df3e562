import Custody
import CustodyHTTP
import Foundation
import Storefront
import StorefrontFixtures

extension DemoTour {
  /// The app quits with a product seen and starts again ten minutes later with the network
  /// gone: the product screen shows what the last run kept, at once, and asks for it again in
  /// the background, as for every product kept from the last run.
  func restartFromKeptProducts(in folder: URL) async throws {
    scene(
      6, "The app starts again offline, from what it kept", "ProductRepository: a persisted Cache",
      rules: ["K1", "K3"])
    let wall = LockedState(Date())
    let now: @Sendable () -> Date = { wall.withLock { $0 } }
    let (backend, first) = try await open(EmbeddedBackend.Configuration(), in: folder, appNow: now)
    let detail = ProductDetailViewModel(productID: 1, environment: first)
    await detail.load()
    guard let product = detail.state.value else { throw CommandFailure(detail.message ?? "Product 1 did not load.") }
    try await first.repository.flush()
    step(
      "the first run opens product 1, “\(product.title)”, and quits; the server saw "
        + "\(backend.requestCount(path: "/products/1")) request")

    wall.withLock { $0 += 10 * 60 }
    step("ten minutes later the app starts again, with the network gone…")
    let offline = OfflineTransport()
    let (_, next) = try await open(
      EmbeddedBackend.Configuration(), in: folder, appNow: now, transport: { _ in offline })
    let reopened = ProductDetailViewModel(productID: 1, environment: next)
    await reopened.load()
    let shown = reopened.state.value
    step("screen: " + (shown.map { "“\($0.title)” at \(ProductFormatting.price($0.price))" } ?? "nothing"))
    await offline.waitForAttempts(1)

    if shown == product {
      result("the product screen showed the product kept from the last run at once, without the server")
    } else {
      step(style.warning("✗ the product screen did not show the product kept from the last run"))
    }
    result(
      "kept products count as stale at start, since the server may have changed or forgotten them "
        + "meanwhile, so it was asked for again in the background (\(offline.attempts) attempt, offline); "
        + "the screen kept it")
  }
}

/// A network that is gone: every request fails as offline; counts the attempts.
private final class OfflineTransport: HTTPTransport {
  private struct State: Sendable {
    var attempts = 0
    var waiting: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = LockedState(State())

  var attempts: Int { state.withLock { $0.attempts } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let ready = state.withLock { state in
      state.attempts += 1
      let attempts = state.attempts
      let ready = state.waiting.filter { $0.count <= attempts }.map(\.continuation)
      state.waiting.removeAll { $0.count <= attempts }
      return ready
    }
    for continuation in ready { continuation.resume() }
    throw HTTPError.offline(reason: "the network is gone")
  }

  /// Returns once `count` requests were attempted.
  func waitForAttempts(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state in
        guard state.attempts < count else { return true }
        state.waiting.append((count, continuation))
        return false
      }
      if now { continuation.resume() }
    }
  }
}
