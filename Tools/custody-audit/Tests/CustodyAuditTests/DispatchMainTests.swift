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
          DispatchQueue.main.async { self.text = text }
        }
      }
      """)
    #expect(findings.map(\.rule) == [.dispatchMainInAsync, .dispatchMainInAsync])
    #expect(findings.map(\.line) == [4, 10])
  }

  // A completion handler of a system API runs on a queue the API picks: the hop in it is what
  // brings the UI work back to the main thread, even in a main-actor type's method.
  @Test func leavesAHopInAnEscapingCallbackAlone() async {
    let rules = await Audit.rules(
      """
      final class PhotoController: UIViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          library.requestAuthorization { status in
            DispatchQueue.main.async { self.render(status) }
          }
          NotificationCenter.default.addObserver(forName: .changed, object: nil, queue: nil) { _ in
            DispatchQueue.main.async { self.reload() }
          }
        }
        func refresh() async {
          await store.load { rows in
            DispatchQueue.main.async { self.apply(rows) }
          }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  // A delay is a decision (animation staging, a second navigation step), not a hop to remove.
  @Test func leavesADeliberateDelayAlone() async {
    let rules = await Audit.rules(
      """
      @MainActor final class FlowController {
        func open(_ item: Item) async {
          await router.dismiss()
          DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { self.router.push(item) }
        }
      }
      """)
    #expect(rules.isEmpty)
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
