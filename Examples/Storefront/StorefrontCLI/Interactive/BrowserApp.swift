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
  enum Mode: Hashable { case catalog, search, detail, edit, login, help, warnings, confirmSignOut, categories }

  let environment: StorefrontEnvironment
  let style: Style
  let backendName: String
  /// Saved files that could not be used at start, one sentence each: shown before the list.
  let warnings: [String]
  /// Whether the server forgets saved edits when this process ends (the embedded backend does),
  /// so a save says that it does not survive a restart.
  let forgetsEdits: Bool
  /// The address of the Custody Devtools page with `--devtools`, shown on the help screen: the
  /// full screen hides where it was printed.
  let devtoolsAddress: String?
  let catalog: CatalogViewModel
  let search: SearchViewModel
  let account: SessionViewModel
  /// The categories the server offers, for `c`.
  let categories: CategoriesViewModel
  /// The category chosen for the catalog, with the name to show; `nil` for all products.
  var category: ProductCategory?
  var detail: ProductDetailViewModel?
  var editor: EditableProduct?
  var modes: [Mode] = [.catalog]
  var catalogSelection = 0
  var searchSelection = 0
  /// The selected entry of the category list: 0 is all categories.
  var categorySelection = 0
  /// The search field as typed.
  var searchField = LineEditor()
  /// Which field of the edit or sign-in form is active: 0 the first, 1 the second.
  var formField = 0
  /// The active field of the form; the view model's value follows it on every key.
  var formEditor = LineEditor()
  /// Whether the edit form asks if its changes may be thrown away (Esc on an edited form).
  var confirmsDiscard = false
  var notice: String?
  var failure: String?
  /// Why the last key did nothing, for the status line; gone with the next key.
  var remark: String?
  /// The first line shown of each screen that scrolls, as it was left.
  var scrolls: [Mode: Int] = [:]
  var updatedAt: Date?
  var size = TerminalSize(columns: 80, rows: 24)
  @ObservationIgnored var busySince: ContinuousClock.Instant?
  /// Whether the inspector panel is open, and the last panel built for it.
  var isInspecting = false
  var inspectorPanel: InspectorPanel?
  @ObservationIgnored let inspection: InspectorFeed
  @ObservationIgnored private var terminal: TerminalSession?
  /// Which redraws the frame needs: one per change, however many events came before.
  @ObservationIgnored private let tracking = FrameTracking()
  /// Work to start as child tasks of the event loop's group once the current event is handled.
  @ObservationIgnored private var pending: [@MainActor @Sendable () async -> Void] = []
  /// Down presses past the last row, to apply once the next page arrives.
  @ObservationIgnored var pendingMoves = 0
  /// Keys that came while `pendingMoves` waited, to apply after them in order.
  @ObservationIgnored var deferredKeys: [Key] = []
  /// Whether a next page is being fetched for the keys, so a burst of them fetches one.
  @ObservationIgnored var isFetchingNextPage = false
  /// What the screen shown follows (see ``followShownScreen()``), and the work that follows it.
  @ObservationIgnored var followed: Followed?
  @ObservationIgnored let following = LatestTask(name: "browser screen")

  /// The delay before a load shows the spinner: quicker loads never flash it.
  static let spinnerDelay = Duration.milliseconds(150)

  init(
    environment: StorefrontEnvironment, style: Style, backendName: String, warnings: [String] = [],
    inspection: InspectorFeed = InspectorFeed(), forgetsEdits: Bool = false, devtoolsAddress: String? = nil
  ) {
    self.devtoolsAddress = devtoolsAddress
    self.forgetsEdits = forgetsEdits
    self.environment = environment
    self.inspection = inspection
    self.style = style
    self.backendName = backendName
    self.warnings = warnings
    let preferences = environment.preferences
    category = preferences.category
    catalog = CatalogViewModel(environment: environment, sort: preferences.sort, category: preferences.category?.slug)
    search = SearchViewModel(environment: environment)
    account = SessionViewModel(environment: environment)
    categories = CategoriesViewModel(environment: environment)
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
      group.addTask { await self.reloadCatalog { await self.catalog.start() } }
      if !warnings.isEmpty { open(.warnings) }
      draw()
      var status: Int32 = 0
      for await event in terminal.events {
        if let exit = handle(event) {
          status = exit
          break
        }
        followShownScreen()
        Self.launch(pending, in: &group)
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
    case .keys(let keys):
      var index = keys.startIndex
      while index < keys.endIndex {
        if let typed = typing(keys[index...]) {
          type(typed.text)
          index += typed.keys
        } else {
          if let status = react(to: keys[index]) { return status }
          index += 1
        }
      }
    case .focus(let gained):
      focusChanged(gained: gained)
    case .resized:
      size = TerminalSize.current() ?? size
      fillWindow()
    case .signal(let number):
      return 128 + number
    case .inputClosed:
      return 0
    case .tick:
      guard busySince != nil else { return nil }
    case .stateChanged:
      guard tracking.redrawArrived() else { return nil }  // a later draw showed the change
    }
    draw()
    return nil
  }

  /// Reacts to one key of a read; returns an exit status to quit.
  private func react(to key: Key) -> Int32? {
    switch key {
    case .control("c"): return 130
    case .control("z"): suspend()
    case _ where waitsForRows(key):
      deferredKeys.append(key)  // applied in order once the rows the moves wait for are there
    default:
      notice = nil
      failure = nil
      remark = nil
      return handle(key)
    }
    return nil
  }

  /// Draws the frame, tracking what it read so the next change draws again (once: see
  /// ``FrameTracking``).
  func draw() {
    guard let terminal else { return }
    let shown: BrowserSnapshot
    if tracking.beginDraw() {
      shown = withObservationTracking {
        snapshot()
      } onChange: { [tracking] in
        if tracking.changed() { terminal.post(.stateChanged) }
      }
    } else {
      shown = snapshot()  // the pending registration watches what this frame reads
    }
    terminal.write(FrameRenderer.frame(shown, size: size, style: style))
  }

  /// Hands the terminal back to the shell and stops, as Ctrl-Z does in other full-screen
  /// programs; once resumed, takes it again and draws the screen at its size now.
  private func suspend() {
    guard let terminal else { return }
    terminal.suspend()
    size = TerminalSize.current() ?? size
    draw()
  }

  /// Adds `works` to `group` as child tasks that begin in the order of the array.
  ///
  /// Each task is isolated to the main actor from its first instruction, so it is enqueued
  /// there as it is added and the actor runs them in turn. A nonisolated task would first run
  /// on the global pool and reach the main actor in any order: the search for a word typed in
  /// one read could start before the searches for its first letters and be superseded by them.
  static func launch(_ works: [@MainActor @Sendable () async -> Void], in group: inout DiscardingTaskGroup) {
    for work in works { group.addTask(operation: work) }
  }

  /// Starts `work` as a child task of the event loop.
  ///
  /// The loop starts it after the event it is handling, and wakes up for it when it is called
  /// from work of its own.
  func start(_ work: @escaping @MainActor @Sendable () async -> Void) {
    pending.append(work)
    terminal?.post(.stateChanged)
  }
}
