import CustodyAudit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct UncheckedSendableTests {
  @Test func flagsMutableStateWithNoLock() async {
    let findings = await Audit.findings(
      """
      final class Counter: @unchecked Sendable {
        var count = 0
        private let clock: any Clock<Duration>
        func increment() { count += 1 }
      }
      """)
    #expect(findings.map(\.rule) == [.uncheckedSendableWithoutLock])
    #expect(findings.first?.message.contains("'count'") == true)
  }

  @Test func flagsTheConformanceWrittenInAnExtensionInAnotherFile() async {
    let findings = await Audit.result([
      "Box.swift": "final class Box<Value> { var value: Value\n init(_ value: Value) { self.value = value } }",
      "Box+Sendable.swift": "extension Box: @unchecked Sendable {}",
    ]).reported
    #expect(findings.map(\.rule) == [.uncheckedSendableWithoutLock])
    #expect(findings.first?.file == "Box+Sendable.swift")
  }

  @Test(arguments: [
    "private let lock = NSLock()\n  private var cache: [Int: Int] = [:]",
    "private let state = LockedState<[Int: Int]>([:])",
    "private let mutex = Mutex<Int>(0)\n  var label = \"\"",
    "let id: Int\n  let name: String",
    "private let queue = DispatchQueue(label: \"store\")\n  private var items: [Int] = []",
    "var storage: OSAllocatedUnfairLock<Int>",
  ])
  func acceptsAVisibleLockOrNoMutableState(_ members: String) async {
    let rules = await Audit.rules(
      """
      final class Store: @unchecked Sendable {
        \(members)
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func acceptsAGlobalActorIsolatedType() async {
    let rules = await Audit.rules(
      """
      @MainActor final class Presenter: @unchecked Sendable {
        var title = ""
      }
      """)
    #expect(rules.isEmpty)
  }

  // A struct is copied, not shared: the state struct a lock guards is one.
  @Test func leavesAStructAlone() async {
    let rules = await Audit.result([
      "State.swift": "struct DownloadState: @unchecked Sendable {\n  var pending: [URL] = []\n  var item: NSObject?\n}",
      "Queue.swift": "struct Pending { var items: [NSObject] = [] }\nextension Pending: @unchecked Sendable {}",
    ]).reported.map(\.rule)
    #expect(rules.isEmpty)
  }
}
