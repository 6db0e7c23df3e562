import Custody
import CustodyHTTP
import CustodyTesting
import Foundation
import Storefront

/// A Storefront environment in a fresh temporary data folder, removed when the bed goes away.
final class TestBed {
  let folder: URL
  let environment: StorefrontEnvironment

  private init(folder: URL, environment: StorefrontEnvironment) {
    self.folder = folder
    self.environment = environment
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  static func newFolder() -> URL {
    FileManager.default.temporaryDirectory.appending(path: "storefront-\(UUID().uuidString)")
  }

  /// An environment over fake services, owners real.
  static func fakes(
    products: FakeProductService = FakeProductService(), auth: FakeAuthService = FakeAuthService(),
    clock: any Clock<Duration> = TestClock(), pageSize: Int = 3, folder: URL = newFolder(),
    now: @escaping @Sendable () -> Date = { testNow }, inspector: (any OwnerInspector)? = nil
  ) async throws -> TestBed {
    var configuration = configuration(
      transport: InProcessTransport { _ in throw HTTPError.offline(reason: "not used") }, folder: folder,
      pageSize: pageSize, clock: clock, now: now)
    configuration.inspector = inspector
    let environment = try await StorefrontEnvironment.open(configuration, products: products, auth: auth)
    return TestBed(folder: folder, environment: environment)
  }

  /// The environment the app opens, over `server`.
  static func live(server: StubServer, pageSize: Int = 10) async throws -> TestBed {
    try await live(transport: server.transport, pageSize: pageSize)
  }

  /// The environment the app opens, over `transport`.
  static func live(transport: any HTTPTransport, pageSize: Int = 10) async throws -> TestBed {
    let folder = newFolder()
    let configuration = configuration(
      transport: transport, folder: folder, pageSize: pageSize, clock: TestClock(), now: { testNow })
    return TestBed(folder: folder, environment: try await StorefrontEnvironment.open(configuration))
  }

  private static func configuration(
    transport: any HTTPTransport, folder: URL, pageSize: Int, clock: any Clock<Duration>,
    now: @escaping @Sendable () -> Date
  ) -> StorefrontConfiguration {
    StorefrontConfiguration(
      baseURL: testBaseURL, transport: transport, dataDirectory: folder, pageSize: pageSize, retry: nil, now: now,
      clock: clock)
  }
}
