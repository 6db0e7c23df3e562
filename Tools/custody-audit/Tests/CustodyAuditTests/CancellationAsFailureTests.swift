import CustodyAudit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct CancellationAsFailureTests {
  @Test(arguments: [
    "state = .failed(error)",
    "errorMessage = \"Something went wrong.\"",
    "self.alert = Alert(error)",
    "showError(error)",
  ])
  func flagsACatchAllThatShowsEveryErrorAsAFailure(_ reaction: String) async {
    let findings = await Audit.findings(
      """
      @MainActor @Observable final class ProductViewModel {
        func load() async {
          do {
            product = try await api.product(id)
          } catch {
            \(reaction)
          }
        }
      }
      """)
    #expect(findings.map(\.rule) == [.cancellationAsFailure])
    #expect(findings.first?.line == 5)
  }

  @Test func acceptsACancellationBranchFirst() async {
    let rules = await Audit.rules(
      """
      @MainActor @Observable final class ProductViewModel {
        func load() async {
          do {
            product = try await api.product(id)
          } catch is CancellationError {
            return
          } catch {
            state = .failed(error)
          }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test(arguments: [
    "if error is CancellationError { return }\n      state = .failed(error)",
    "guard !Task.isCancelled else { return }\n      state = .failed(error)",
    "if let words = Copy.message(for: error) { message = words }",
    "throw CatalogError(underlying: error)",
    "result = .failure(error)",
  ])
  func acceptsACatchThatLetsCancellationThrough(_ reaction: String) async {
    let rules = await Audit.rules(
      """
      final class Loader {
        func load() async throws {
          do {
            product = try await api.product(id)
          } catch {
            \(reaction)
          }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func acceptsACatchInSynchronousCode() async {
    let rules = await Audit.rules(
      """
      func decode(_ data: Data) {
        do {
          page = try JSONDecoder().decode(Page.self, from: data)
        } catch {
          state = .failed(error)
        }
      }
      """)
    #expect(rules.isEmpty)
  }
}
