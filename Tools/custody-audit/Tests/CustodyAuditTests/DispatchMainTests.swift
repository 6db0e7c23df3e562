import CustodyAudit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct DispatchMainTests {
  @Test func flagsDispatchQueueMainInAnAsyncFunctionAndInAMainActorType() async {
    let findings = await Audit.findings(
      """
      final class Uploader {
        func upload(_ file: File) async throws {
          try await transport.send(file)
          DispatchQueue.main.async { self.delegate?.didUpload(file) }
        }
      }
      @MainActor final class BannerModel {
        var text = ""
        func show(_ text: String) {
          DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.text = text }
        }
      }
      """)
    #expect(findings.map(\.rule) == [.dispatchMainInAsync, .dispatchMainInAsync])
    #expect(findings.map(\.line) == [4, 10])
  }

  @Test func acceptsDispatchInSynchronousCallbackCodeAndOtherQueues() async {
    let rules = await Audit.rules(
      """
      final class LegacyLoader {
        func load(completion: @escaping (Data) -> Void) {
          session.dataTask(with: url) { data, _, _ in
            DispatchQueue.main.async { completion(data ?? Data()) }
          }.resume()
        }
        func index() async {
          DispatchQueue.global(qos: .utility).async { self.rebuild() }
        }
      }
      """)
    #expect(rules.isEmpty)
  }
}
