import Custody
import Foundation
import Observation
import Storefront
import StorefrontCLI
import StorefrontFixtures

/// `frame`: what a person watching the browser costs the main actor. The browser draws a whole
/// frame after every key, tick and change, and the inspector panel, while open, is laid out
/// into every frame after each panel the feed hands over.
///
/// The frame: `FrameRenderer.frame` at 120×40 over 90 rows, styled for a colour terminal, once
/// with ASCII titles and once with CJK titles (wide characters, emoji sequences and combining
/// marks, which the renderer measures in cells). The inspector: what runs on the main actor per
/// panel the feed builds (the panel itself is built off it): the view's state takes the new
/// panel, freeing the old one there, and the frame is drawn again with the panel laid out beside
/// the table at 120×40 and below it at 80×24. The panel comes from a real session on the
/// embedded backend, with every owner Storefront makes reporting to the feed.
@MainActor
enum FrameScenario {
  static let size = TerminalSize(columns: 120, rows: 40)
  static let style = Style(usesColor: true)

  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("frame")
    let frames = quick ? 200 : 2_000
    for (name, title) in [("ASCII", asciiTitle), ("CJK", cjkTitle)] {
      let snapshot = catalog(title)
      let sample = time(frames) { blackHole(FrameRenderer.frame(snapshot, size: size, style: style)) }
      add(sample, "\(name) 120×40, 90 rows", "frame", target: 2, to: &report)
    }

    guard let panels = await sessionPanels() else {
      report.notes.append("inspector: could not open the embedded backend or the environment")
      return report
    }
    let view = PanelHolder()
    let browser = catalog(asciiTitle)
    for (name, size) in [("beside, 120×40", size), ("below, 80×24", TerminalSize(columns: 80, rows: 24))] {
      var index = 0
      let sample = time(frames) {
        index += 1
        view.panel = panels[index % panels.count]  // frees the panel before it, as the browser does
        var snapshot = browser
        snapshot.inspector = view.panel
        blackHole(FrameRenderer.frame(snapshot, size: size, style: style))
      }
      add(sample, "inspector \(name)", "rebuild", target: 1, to: &report)
    }
    let last = panels[panels.count - 1]
    report.notes.append("inspector: \(last.owners.count) owners, \(last.log.count) events in the log")
    return report
  }

  /// The wall-clock durations of `count` runs of `body`, after a few to warm up, and the
  /// thread's CPU time for each: on a shared machine the difference is time the kernel gave
  /// the core to another thread.
  static func time(_ count: Int, _ body: () -> Void) -> (wall: Sample, cpu: Sample) {
    for _ in 0..<20 { body() }
    var wall: [Duration] = []
    var cpu: [Duration] = []
    for _ in 0..<count {
      let (start, startCPU) = (Measure.clock.now, threadCPUTime())
      body()
      wall.append(start.duration(to: Measure.clock.now))
      cpu.append(threadCPUTime() - startCPU)
    }
    return (Sample(wall), Sample(cpu))
  }

  static func threadCPUTime() -> Duration {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
  }

  /// Adds the median and p99 of `sample`, and the p99 of its CPU time, held to `target` ms.
  static func add(
    _ sample: (wall: Sample, cpu: Sample), _ variant: String, _ what: String, target: Double,
    to report: inout ScenarioReport
  ) {
    report.add(variant, "\(what) median", sample.wall.percentile(0.5).milliseconds, "ms")
    report.add(variant, "\(what) p99", sample.wall.percentile(0.99).milliseconds, "ms")
    report.add(variant, "\(what) p99, CPU time", sample.cpu.percentile(0.99).milliseconds, "ms")
    report.ratio("\(variant): \(what) median, ms", sample.wall.percentile(0.5).milliseconds, atMost: target)
    report.ratio("\(variant): \(what) p99, ms", sample.wall.percentile(0.99).milliseconds, atMost: target)
  }

  static func asciiTitle(_ id: Int) -> String { "Stainless steel chopping board set number \(id), large" }

  /// Wide characters, with a ZWJ family, a flag, a skin tone and accents typed as combining marks.
  static func cjkTitle(_ id: Int) -> String {
    let extras = ["👨‍👩‍👧", "🇯🇵", "👍🏽", "cafe\u{301}", "n\u{303}"]
    return "木製まな板セット 日本製 大判 \(id) 号" + (id % 3 == 0 ? " " + extras[id % extras.count] : "")
  }

  /// The catalog as the browser shows it mid-list: 90 rows, one selected on the third screen,
  /// a few favourites, signed in, sorted.
  static func catalog(_ title: (Int) -> String) -> BrowserSnapshot {
    var snapshot = BrowserSnapshot()
    snapshot.rows = (1...90).map { id in
      Product(
        id: id, title: title(id), category: id % 2 == 0 ? "kitchen-accessories" : "home-decoration",
        price: Double(id) * 10.25, rating: Double(id % 50) / 10)
    }
    snapshot.total = 200
    snapshot.selection = 80
    snapshot.favorites = [3, 40, 81, 85]
    snapshot.sort = ProductSort(.price, .descending)
    snapshot.userName = "Emily Johnson"
    snapshot.updatedAt = Date(timeIntervalSince1970: 1_700_000_000)
    return snapshot
  }

  /// Panels of a session on the embedded backend: every screen's owners at work, then a panel
  /// after each of a few more loads, so consecutive panels differ as they do in the browser.
  static func sessionPanels() async -> [InspectorPanel]? {
    guard let backend = await StallScenario.makeBackend(.init(productCount: 200)) else { return nil }
    let directory = FileManager.default.temporaryDirectory.appending(path: "custody-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let feed = InspectorFeed()
    var configuration = StorefrontConfiguration(
      baseURL: backend.configuration.baseURL, transport: backend, dataDirectory: directory)
    configuration.inspector = feed.inspector
    guard let environment = try? await StorefrontEnvironment.open(configuration) else { return nil }
    let catalog = CatalogViewModel(environment: environment)
    let search = SearchViewModel(environment: environment, debounce: .zero)
    let account = SessionViewModel(environment: environment)
    await catalog.start()
    await catalog.loadMore()
    await CategoriesViewModel(environment: environment).load()
    account.username = "emilys"
    account.password = "emilyspass"
    await account.signIn()
    var panels: [InspectorPanel] = []
    for id in 1...8 {
      let detail = ProductDetailViewModel(productID: id, environment: environment)
      await detail.load()
      await detail.toggleFavorite()
      await search.search(["lamp", "board", "chair", "bag"][id % 4])
      await catalog.refresh()
      panels.append(await built(feed))
    }
    return panels
  }

  /// A panel built off the main actor, as the feed builds them.
  @concurrent static func built(_ feed: InspectorFeed) async -> InspectorPanel { feed.panel(timeZone: .gmt) }

  /// Main-actor state that holds the panel shown, as the browser's does.
  @Observable final class PanelHolder {
    var panel: InspectorPanel?
  }
}
