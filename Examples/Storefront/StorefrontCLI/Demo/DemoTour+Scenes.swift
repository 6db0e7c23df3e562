import Custody
import CustodyHTTP
import Foundation
import Storefront
import StorefrontFixtures

extension DemoTour {
  /// 100 concurrent requests for one product reach the server once; the next is cached.
  func coalescing(in folder: URL) async throws {
    scene(1, "A hundred screens ask for one product", "ProductRepository: SingleFlight + Cache", rules: ["S1", "C1"])
    var configuration = EmbeddedBackend.Configuration()
    configuration.latency = .milliseconds(100)
    let (backend, environment) = try await open(configuration, in: folder)
    let repository = environment.repository
    step("100 tasks call repository.product(id: 1) at the same moment; the server takes 100 ms…")
    let titles = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<100 { group.addTask { try await repository.product(id: 1).title } }
      var titles = Set<String>()
      while let title = try await group.next() { titles.insert(title) }
      return titles
    }
    result("all 100 got “\(titles.first ?? "")”")
    result("the server saw \(backend.requestCount(path: "/products/1")) request for /products/1")
    _ = try await repository.product(id: 1)
    result("asked once more: served from the cache; the server still saw \(backend.requestCount(path: "/products/1"))")
  }

  /// A refresh overtakes a slow first load; the slow, stale page is never shown.
  func staleLoadDropped(in folder: URL) async throws {
    scene(2, "A refresh overtakes a slow first load", "CatalogFeed: Pager", rules: ["P3"])
    let slow = LockedState<Bool>(true)
    let holdsFirstPage: @Sendable (HTTPRequest) -> Bool = { request in
      request.path == "/products"
        && slow.withLock { first in
          defer { first = false }
          return first
        }
    }
    let (backend, environment) = try await open(
      EmbeddedBackend.Configuration(), in: folder,
      transport: { HoldingTransport(backend: $0, hold: .milliseconds(600), holds: holdsFirstPage) })
    let catalog = CatalogViewModel(environment: environment)
    async let firstLoad: Void = catalog.start()
    try await Task.sleep(for: .milliseconds(150))
    step("the first page was fetched and its answer is held up for 600 ms on the way back…")
    let renamed = try await environment.repository.save(id: 1, changes: ProductChanges(title: "Product One, Renamed"))
    step("meanwhile product 1 is renamed on the server to “\(renamed.saved.title)”, and the user refreshes")
    await catalog.refresh()
    let afterRefresh = catalog.state.value?.products.first?.title ?? "nothing"
    result("the refresh answered first: the screen shows “\(afterRefresh)”")
    await firstLoad
    // The refresh cancelled the first page's fetch; the trace shows its end, so wait for it.
    await tracing.withLock { $0 }?.waitForEvent(atMost: .seconds(5)) { event in
      event.owner.name == "catalog feed" && event.kind == .finished && event.outcome == .dropped
    }
    let afterSlow = catalog.state.value?.products.first?.title ?? "nothing"
    result(
      "the first load was dropped when the refresh began, so its page, with the old title, was never "
        + "shown: still “\(afterSlow)”")
    result("the server saw \(backend.requestCount(path: "/products")) requests for /products; no error was shown")
  }

  /// 20 concurrent requests find the access token expired; one refresh serves them all.
  func tokenRefreshedOnce(in folder: URL) async throws {
    scene(3, "A token expires under twenty concurrent requests", "UserSession: TokenStore", rules: ["T2"])
    let skew = LockedState<TimeInterval>(0)
    var configuration = EmbeddedBackend.Configuration()
    configuration.latency = .milliseconds(50)  // so all twenty are on the wire together
    let (backend, environment) = try await open(
      configuration, in: folder, now: { Date().addingTimeInterval(skew.withLock { $0 }) })
    let account = SessionViewModel(environment: environment)
    account.username = EmbeddedBackend.demoAccount.username
    account.password = EmbeddedBackend.demoAccount.password
    guard await account.signIn() else { throw CommandFailure(account.message ?? "Sign-in failed.") }
    step("signed in as \(account.user?.username ?? "?"); the server's clock now jumps 2 hours: the token has expired")
    skew.withLock { $0 = 2 * 3_600 }
    backend.resetStatistics()
    let repository = environment.repository
    let loaded = try await withThrowingTaskGroup(of: Int.self) { group in
      for id in 1...20 { group.addTask { try await repository.product(id: id).id } }
      var count = 0
      while try await group.next() != nil { count += 1 }
      return count
    }
    let statistics = backend.statistics
    result("all \(loaded) requests succeeded")
    result(
      "the server refused \(statistics.unauthorized) with 401 Token Expired! and saw \(statistics.refreshes) refresh")
    result("\(statistics.requests) requests in all: the 20, their retries, and the one /auth/refresh")
  }

  /// A load cancelled mid-flight ends quietly: no error, the screen keeps what it showed.
  func cancelledLoad(in folder: URL) async throws {
    scene(4, "A load is cancelled", "CatalogFeed: Pager; CatalogViewModel: LoadState", rules: ["L2"])
    var configuration = EmbeddedBackend.Configuration()
    configuration.latency = .milliseconds(500)
    let (backend, environment) = try await open(configuration, in: folder)
    let catalog = CatalogViewModel(environment: environment)
    step("the catalog starts loading on a 500 ms server; after 100 ms the screen goes away…")
    await withDiscardingTaskGroup { group in
      group.addTask { await catalog.start() }
      try? await Task.sleep(for: .milliseconds(100))
      group.cancelAll()
    }
    let shown = catalog.state.value == nil ? "nothing (as before)" : "the rows it had"
    result(
      "cancelled: the screen shows \(shown), message: \(catalog.message ?? "none"), failure: \(catalog.state.failure.map { "\($0)" } ?? "none")"
    )
    result("the server saw \(backend.requestCount(path: "/products")) request; its answer was never waited for")
  }
}
