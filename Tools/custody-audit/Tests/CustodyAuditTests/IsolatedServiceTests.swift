import CustodyAudit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct IsolatedServiceTests {
  @Test func flagsAMainActorProtocolAndAMainActorRepository() async {
    let findings = await Audit.findings(
      """
      @MainActor protocol ProductService {
        func products() async throws -> [Product]
      }
      @MainActor final class ProductRepository {
        let service: any ProductService
        init(service: any ProductService) { self.service = service }
      }
      """)
    #expect(findings.map(\.rule) == [.isolatedService, .isolatedService])
    #expect(findings.map(\.line) == [1, 4])
  }

  @Test func flagsAServiceThatTheModulesDefaultIsolationPutsOnTheMainActor() async {
    let source = """
      final class CatalogClient {
        func products() async throws -> [Product] { try await transport.get("/products") }
      }
      """
    #expect(await Audit.rules(source).isEmpty)
    let findings = await Audit.findings(source, defaultIsolation: .mainActor)
    #expect(findings.map(\.rule) == [.isolatedService])
    #expect(findings.first?.message.contains("default isolation") == true)
  }

  @Test func acceptsScreenProtocolsStoresAndNonisolatedServices() async {
    let rules = await Audit.rules(
      """
      @MainActor protocol CatalogScreenDelegate: AnyObject {
        func catalogDidSelect(_ id: Int)
      }
      @MainActor @Observable final class CatalogStore {
        var rows: [Row] = []
      }
      protocol ProductService: Sendable {
        func products() async throws -> [Product]
      }
      struct LiveProductService: ProductService {
        @concurrent func products() async throws -> [Product] { try await client.products() }
      }
      """)
    #expect(rules.isEmpty)
  }

  // An observable model is the UI's state whatever its name; a handler of deep links or of the
  // app's lifecycle drives UI, and a command of the model edits main-actor objects: all belong
  // on the main actor.
  @Test func leavesObservableModelsAndUIHandlersAlone() async {
    let rules = await Audit.rules(
      """
      @MainActor @Observable final class TimelineFetcher {
        var rows: [Row] = []
      }
      @MainActor final class SearchLoader: ObservableObject {
        @Published var results: [Row] = []
      }
      @MainActor protocol DeepLinkHandler {
        func open(_ url: URL)
      }
      @MainActor protocol AppLifecycleHandling {
        func didEnterBackground()
      }
      @MainActor protocol UndoableCommand: AnyObject {
        func perform()
      }
      """)
    #expect(rules.isEmpty)
  }
}
