import Custody
import CustodyHTTP
import Foundation
import Storefront
import StorefrontFixtures
import Testing

@Suite(.timeLimit(.minutes(3)))
@MainActor
struct CategoriesViewModelTests {
  let folder = TestBed.newFolder()

  @Test func listsTheCategoriesOfTheCatalog() async throws {
    let backend = try EmbeddedBackend()
    let environment = try await StorefrontEnvironment.open(
      StorefrontConfiguration(baseURL: backend.configuration.baseURL, transport: backend, dataDirectory: folder))
    let model = CategoriesViewModel(environment: environment)
    await model.load()
    #expect(model.state.value?.count == 10)
    #expect(model.state.value?.contains { $0.slug == "smartphones" && $0.name == "Smartphones" } == true)
    #expect(model.message == nil)
  }

  @Test func aServerFailureSaysSoInPlainWords() async throws {
    let failing = InProcessTransport { _ in .message("Simulated failure", status: 500) }
    let environment = try await StorefrontEnvironment.open(
      StorefrontConfiguration(
        baseURL: URL(string: "http://storefront.embedded")!, transport: failing, dataDirectory: folder, retry: nil))
    let model = CategoriesViewModel(environment: environment)
    await model.load()
    #expect(model.state.failure == .server(status: 500))
    #expect(model.message != nil)
  }
}
