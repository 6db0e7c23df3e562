import CustodyAudit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct UnownedScreenTaskTests {
  @Test func flagsATaskStartedInOnAppear() async {
    let findings = await Audit.findings(
      """
      struct CatalogView: View {
        let model: CatalogViewModel
        var body: some View {
          List(model.rows) { Text($0.title) }
            .onAppear {
              Task { await model.load() }
            }
        }
      }
      """)
    #expect(findings.map(\.rule) == [.unownedScreenTask])
    #expect(findings.first?.line == 6)
    #expect(findings.first?.message.contains(".task") == true)
  }

  @Test func flagsATaskStartedInViewDidAppearAndOneKeptButNeverCancelled() async {
    let findings = await Audit.findings(
      """
      final class CatalogController: UIViewController {
        override func viewDidAppear(_ animated: Bool) {
          super.viewDidAppear(animated)
          Task { await model.load() }
        }
      }
      final class DetailController: UIViewController {
        private var load: Task<Void, Never>?
        override func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
          load = Task { await model.load() }
        }
      }
      """)
    // The second controller's handle is also coordination state: it is never cancelled.
    #expect(findings.map(\.rule) == [.unownedScreenTask, .coordinationState, .unownedScreenTask])
    #expect(findings.last?.message.contains("kept in 'load' but never cancelled") == true)
  }

  @Test func acceptsTheTaskModifierAndAHandleCancelledWhenTheScreenGoes() async {
    let rules = await Audit.rules(
      """
      struct CatalogView: View {
        let model: CatalogViewModel
        var body: some View {
          List(model.rows) { Text($0.title) }
            .task { await model.load() }
        }
      }
      final class CatalogController: UIViewController {
        private var load: Task<Void, Never>?
        override func viewDidAppear(_ animated: Bool) {
          super.viewDidAppear(animated)
          load = Task { await model.load() }
        }
        override func viewDidDisappear(_ animated: Bool) {
          super.viewDidDisappear(animated)
          load?.cancel()
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func acceptsATaskStartedByATap() async {
    let rules = await Audit.rules(
      """
      struct SaveButton: View {
        let model: EditorViewModel
        var body: some View {
          Button("Save") { Task { await model.save() } }
            .onAppear { model.prepare() }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  // An observer registered in viewDidLoad runs when the notification comes, not as part of the
  // appearance; the Task in it is the observer's hop, not screen work.
  @Test func leavesATaskInACallbackRegisteredOnLoadAlone() async {
    let rules = await Audit.rules(
      """
      final class SettingsController: UIViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          NotificationCenter.default.addObserver(forName: .defaultsChanged, object: nil, queue: .main) { [weak self] _ in
            Task { @MainActor in self?.reload() }
          }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func doesNotSayViewDidLoadRunsOnEachAppearance() async {
    let findings = await Audit.findings(
      """
      final class ShareController: UIViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          Task { await model.prepare() }
        }
      }
      """)
    #expect(findings.map(\.rule) == [.unownedScreenTask])
    #expect(findings.first?.message.contains("each appearance") == false)
  }

  // A Task per stream event or per change of a value, never cancelled: overlapping runs, the
  // last to finish wins. One that sleeps first only stages an animation.
  @Test func flagsATaskStartedOnEachChangeButNotAStagedAnimation() async {
    let findings = await Audit.findings(
      """
      struct InboxView: View {
        var body: some View {
          List(model.rows) { Text($0.title) }
            .onChange(of: watcher.latestEvent?.id) {
              Task { await model.apply(watcher.latestEvent) }
            }
            .onReceive(filters.debounce(for: .seconds(0.3), scheduler: RunLoop.main)) { filter in
              Task { await model.search(filter) }
            }
            .onChange(of: model.rows.count) {
              Task {
                try? await Task.sleep(for: .seconds(0.2))
                withAnimation { scrolledID = model.rows.last?.id }
              }
            }
        }
      }
      """)
    #expect(findings.map(\.rule) == [.unownedScreenTask, .unownedScreenTask])
    #expect(findings.map(\.line) == [5, 8])
    #expect(findings.first?.message.contains(".task(id:)") == true)
  }

  @Test func flagsAPollingTaskWhoseHandleIsDropped() async {
    let findings = await Audit.findings(
      """
      final class MediaRefresher {
        private var polling: Task<Void, Never>?
        func watch(_ id: String) {
          Task {
            while !Task.isCancelled {
              if await server.isReady(id) { return }
              try? await Task.sleep(for: .seconds(5))
            }
          }
        }
        func follow(_ id: String) {
          polling = Task {
            while !Task.isCancelled { await server.ping(id) }
          }
        }
        func stop() { polling?.cancel() }
      }
      """)
    #expect(findings.map(\.rule) == [.unownedScreenTask])
    #expect(findings.first?.line == 4)
  }

  @Test func flagsATaskStartedOnEachChangeOfAPropertyOrInAHelperOfAnAppearance() async {
    let findings = await Audit.findings(
      """
      @MainActor @Observable final class ProfileTabs {
        var selected: ProfileTab = .posts {
          didSet {
            if selected != oldValue { selectionChanged() }
          }
        }
        var account: Account? {
          didSet { Task { await reloadHeader() } }
        }
        private func selectionChanged() {
          Task { await fetcher(for: selected).loadNewest() }
        }
      }
      struct ReceiptsView: View {
        var body: some View {
          List(model.receipts) { Text($0.title) }
            .onAppear { startLoading() }
        }
        private func startLoading() {
          Task { await model.load() }
        }
      }
      """)
    #expect(findings.map(\.rule) == [.unownedScreenTask, .unownedScreenTask, .unownedScreenTask])
    #expect(findings.map(\.line) == [8, 11, 20])
    #expect(findings[1].message.hasPrefix("Task in 'selectionChanged' (called from didSet) is never cancelled"))
    #expect(findings[1].message.contains("LatestTask"))
    #expect(findings[2].message.contains("runs again on each appearance"))
  }

  @Test func leavesATaskInAHelperThatRestartsObservationOnEachChange() async {
    let rules = await Audit.rules(
      """
      final class OrdersController: UITableViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          observe()
        }
        private func observe() {
          withObservationTracking {
            show(model.orders)
          } onChange: { [weak self] in
            Task { @MainActor in self?.observe() }
          }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func leavesATaskThatWaitsAMomentToStageTheScreen() async {
    let rules = await Audit.rules(
      """
      struct ComposeView: View {
        @FocusState private var focused: Bool
        var body: some View {
          TextField("Title", text: $title)
            .focused($focused)
            .onAppear {
              Task { @MainActor in
                try? await Task.sleep(for: .seconds(0.1))
                focused = true
              }
              startTimeout()
            }
        }
        private func startTimeout() {
          Task {
            do { try await Task.sleep(for: .seconds(1)) } catch { return }
            if model.animation == nil { showFallback = true }
          }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func leavesAHelperAlsoCalledByATap() async {
    let rules = await Audit.rules(
      """
      struct ReceiptsView: View {
        var body: some View {
          List(model.receipts) { Text($0.title) }
            .onAppear { startLoading() }
            .toolbar { Button("Reload") { startLoading() } }
        }
        private func startLoading() {
          Task { await model.load() }
        }
      }
      """)
    #expect(rules.isEmpty)
  }
}
