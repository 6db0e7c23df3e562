import Custody
import Foundation
import Observation
import Storefront

/// The interactive catalog browser: a front end like a SwiftUI app, over the same view models.
///
/// The main actor runs its event loop: keys, resizes, signals, spinner ticks and view-model
/// changes arrive as ``TerminalEvent``s; after each one the frame is drawn again from the view
/// models' state. Drawing happens inside `withObservationTracking`, so any change to what the
/// frame read posts a `stateChanged` event. Loads run as child tasks of the loop's task group:
/// quitting cancels them, and a cancelled load is neutral in every view model.
@MainActor @Observable
final class BrowserApp {
  enum Mode: Equatable { case catalog, search, detail, edit, login, help }

  let environment: StorefrontEnvironment
  let style: Style
  let backendName: String
  let catalog: CatalogViewModel
  let search: SearchViewModel
  let account: SessionViewModel
  var detail: ProductDetailViewModel?
  var editor: EditableProduct?
  var modes: [Mode] = [.catalog]
  var catalogSelection = 0
  var searchSelection = 0
  /// The search field as typed.
  var searchText = ""
  var formField = 0
  var notice: String?
  var failure: String?
  var updatedAt: Date?
  var size = TerminalSize(columns: 80, rows: 24)
  /// Whether the inspector panel is open, and the last panel built for it.
  var isInspecting = false
  var inspectorPanel: InspectorPanel?
  @ObservationIgnored let inspection: InspectorFeed
  @ObservationIgnored private var busySince: ContinuousClock.Instant?
  @ObservationIgnored private var terminal: TerminalSession?
  /// Work to start as child tasks of the event loop's group once the current event is handled.
  @ObservationIgnored private var pending: [@MainActor @Sendable () async -> Void] = []

  /// The delay before a load shows the spinner: quicker loads never flash it.
  static let spinnerDelay = Duration.milliseconds(150)

  init(environment: StorefrontEnvironment, style: Style, backendName: String, inspection: InspectorFeed) {
    self.environment = environment
    self.inspection = inspection
    self.style = style
    self.backendName = backendName
    catalog = CatalogViewModel(environment: environment)
    search = SearchViewModel(environment: environment)
    account = SessionViewModel(environment: environment)
  }

  var mode: Mode { modes.last ?? .catalog }

  /// Takes over the terminal until the user quits; returns the exit status.
  func run() async -> Int32 {
    guard let terminal = TerminalSession() else { return 1 }
    self.terminal = terminal
    terminal.open()
    defer { terminal.close() }
    size = TerminalSize.current() ?? size
    return await withDiscardingTaskGroup(returning: Int32.self) { group in
      group.addTask { await self.catalog.observeChanges() }
      group.addTask { await self.account.observeSession() }
      group.addTask { await self.followInspector() }
      group.addTask {
        let clock = ContinuousClock()
        while (try? await clock.sleep(for: .milliseconds(80))) != nil { terminal.tick() }
      }
      group.addTask { await self.loadCatalog { await self.catalog.start() } }
      draw()
      var status: Int32 = 0
      for await event in terminal.events {
        if let exit = handle(event) {
          status = exit
          break
        }
        for work in pending { group.addTask { await work() } }
        pending.removeAll()
      }
      pending.removeAll()
      group.cancelAll()
      return status
    }
  }

  /// Reacts to one event; returns an exit status to quit.
  private func handle(_ event: TerminalEvent) -> Int32? {
    switch event {
    case .key(let key):
      if key == .control("c") { return 130 }
      notice = nil
      failure = nil
      if let status = handle(key) { return status }
    case .resized:
      size = TerminalSize.current() ?? size
    case .signal(let number):
      return 128 + number
    case .inputClosed:
      return 0
    case .tick:
      guard busySince != nil else { return nil }
    case .stateChanged:
      break
    }
    draw()
    return nil
  }

  /// Draws the frame, tracking what it read so the next change draws again.
  func draw() {
    guard let terminal else { return }
    let shown = withObservationTracking {
      snapshot()
    } onChange: {
      terminal.post(.stateChanged)
    }
    terminal.write(FrameRenderer.frame(shown, size: size, style: style))
  }

  /// Runs `load` on the catalog and notes when it last brought a live page.
  func loadCatalog(_ load: @MainActor () async -> Void) async {
    await load()
    if case .loaded(let screen) = catalog.state, screen.source == .live { updatedAt = Date() }
  }

  /// Starts `work` as a child task of the event loop.
  func start(_ work: @escaping @MainActor @Sendable () async -> Void) {
    pending.append(work)
  }

  /// The state of every view model the current screen shows, as one value.
  private func snapshot() -> BrowserSnapshot {
    var snapshot = BrowserSnapshot()
    snapshot.backendName = backendName
    snapshot.userName = account.user?.displayName
    snapshot.favorites = catalog.favorites
    snapshot.updatedAt = updatedAt
    let screen = catalog.state.value
    if case .offline(let savedAt) = screen?.source { snapshot.offlineSince = savedAt }
    snapshot.notice = notice
    switch mode {
    case .catalog:
      snapshot.rows = screen?.products ?? []
      snapshot.total = screen?.total ?? 0
      snapshot.sort = catalog.sort
      snapshot.selection = catalogSelection
      snapshot.failure = failure ?? catalog.message ?? account.message
    case .search:
      snapshot.screen = .search(query: searchText)
      snapshot.rows = search.state.value?.products ?? []
      snapshot.total = search.state.value?.total ?? 0
      snapshot.selection = searchSelection
      snapshot.failure = failure ?? search.message
    case .detail:
      snapshot.screen = .detail(detail?.state.value, isFavorite: detail?.isFavorite ?? false)
      snapshot.failure = failure ?? detail?.message
    case .edit:
      if let editor {
        snapshot.screen = .edit(
          productTitle: editor.original.title, title: editor.title, price: editor.priceText, field: formField,
          problem: editor.validationMessage)
      }
      snapshot.failure = failure ?? detail?.message
    case .login:
      snapshot.screen = .login(
        username: account.username, passwordLength: account.password.count, field: formField)
      snapshot.failure = failure ?? account.message
    case .help:
      snapshot.screen = .help
    }
    snapshot.inspector = shownInspector
    snapshot.isLoading = isBusy
    snapshot.spinner = spinnerFrame(isBusy: snapshot.isLoading)
    return snapshot
  }

  private var isBusy: Bool {
    catalog.state.isLoading || catalog.isLoadingMore || account.isWorking
      || (mode == .search && search.state.isLoading)
      || (detail.map { $0.state.isLoading || $0.isSaving } ?? false)
  }

  /// The spinner's frame once a load has run for ``spinnerDelay``, from the clock.
  private func spinnerFrame(isBusy: Bool) -> Int? {
    guard isBusy else {
      busySince = nil
      return nil
    }
    let now = ContinuousClock.now
    let since = busySince ?? now
    busySince = since
    let elapsed = since.duration(to: now)
    guard elapsed >= Self.spinnerDelay else { return nil }
    return Int(elapsed.components.seconds * 10 + elapsed.components.attoseconds / 100_000_000_000_000_000)
  }
}
