import CustodyAudit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct HeavyHelperTests {
  @Test func flagsAHelperCalledFromAViewModel() async {
    let findings = await Audit.findings(
      """
      @MainActor @Observable final class CatalogViewModel {
        var rows: [Row] = []
        func load() async {
          let products = await api.products()
          rows = makeRows(products)
        }
        private func makeRows(_ products: [Product]) -> [Row] {
          products.sorted { $0.price < $1.price }.map(Row.init)
        }
      }
      """)
    #expect(findings.map(\.rule) == [.heavyHelperOnMainActor])
    #expect(findings.first?.line == 5)
    #expect(findings.first?.message.contains("'CatalogViewModel.makeRows'") == true)
  }

  @Test func flagsAStaticHelperOfANonisolatedTypeAndOneLevelOfHelpers() async {
    let findings = await Audit.result([
      "Formatting.swift": """
      enum Formatting {
        static func grouped(_ products: [Product]) -> [String: [Product]] {
          Dictionary(grouping: products, by: \\.category)
        }
        static func sections(_ products: [Product]) -> [Section] {
          grouped(products).map(Section.init)
        }
      }
      """,
      "ViewModel.swift": """
      @MainActor final class CategoriesViewModel {
        var sections: [Section] = []
        func show(_ products: [Product]) {
          sections = Formatting.sections(products)
        }
      }
      """,
    ]).reported
    #expect(findings.map(\.rule) == [.heavyHelperOnMainActor])
    #expect(findings.first?.file == "ViewModel.swift")
    #expect(findings.first?.message.contains("through 'grouped'") == true)
  }

  @Test func flagsAnExtensionMethodThatSortsOrChainsOnImplicitSelf() async {
    let findings = await Audit.findings(
      """
      extension Array where Element == Product {
        func byPrice() -> [Product] { sorted { $0.price < $1.price } }
        func titles(in category: String) -> [String] { filter { $0.category == category }.map(\\.title) }
      }
      @MainActor final class CatalogViewModel {
        var rows: [Product] = []
        var titles: [String] = []
        func show(_ products: [Product]) {
          rows = products.byPrice()
          titles = products.titles(in: "books")
        }
      }
      """)
    #expect(findings.map(\.rule) == [.heavyHelperOnMainActor, .heavyHelperOnMainActor])
    #expect(
      findings.map(\.message).map { $0.hasPrefix("'byPrice' sorts") || $0.hasPrefix("'titles' chains") } == [
        true, true,
      ])
  }

  @Test func tellsAFormattingLoopFromAnOptionalFormatted() async {
    let findings = await Audit.findings(
      """
      enum Labels {
        static func prices(_ products: [Product]) -> [String] { products.map { $0.price.formatted(.currency(code: "EUR")) } }
        static func timestamp(_ date: Date?) -> String { date.map { $0.formatted(.iso8601) } ?? "never" }
      }
      @MainActor final class ReceiptViewModel {
        var lines: [String] = []
        var printed = ""
        func show(_ receipt: Receipt) {
          lines = Labels.prices(receipt.products)
          printed = Labels.timestamp(receipt.printedAt)
        }
      }
      """)
    #expect(findings.map(\.rule) == [.heavyHelperOnMainActor])
    #expect(findings.first?.message.hasPrefix("'Labels.prices' formats values in a loop") == true)
  }

  @Test func flagsAMainActorComputedPropertyThatSorts() async {
    let findings = await Audit.findings(
      """
      @MainActor @Observable final class CatalogViewModel {
        var products: [Product] = []
        var byPrice: [Product] { products.sorted { $0.price < $1.price } }
      }
      """)
    #expect(findings.map(\.rule) == [.heavyHelperOnMainActor])
    #expect(findings.first?.message.contains("every read") == true)
  }

  @Test func acceptsTheHelperMadeConcurrent() async {
    let rules = await Audit.rules(
      """
      @MainActor @Observable final class CatalogViewModel {
        var rows: [Row] = []
        func load() async {
          let products = await api.products()
          rows = await Self.makeRows(products)
        }
        @concurrent private static func makeRows(_ products: [Product]) async -> [Row] {
          products.sorted { $0.price < $1.price }.map(Row.init)
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func acceptsTheSameHelperCalledOffTheMainActor() async {
    let rules = await Audit.rules(
      """
      enum Formatting {
        static func sortedRows(_ products: [Product]) -> [Row] { products.sorted().map(Row.init) }
      }
      actor Exporter {
        func export(_ products: [Product]) -> [Row] { Formatting.sortedRows(products) }
      }
      struct LiveCatalogService: Sendable {
        @concurrent func rows() async -> [Row] { Formatting.sortedRows(await fetch()) }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func doesNotTakeTheStandardLibrarysSortedForAHelperOfTheSameName() async {
    let rules = await Audit.rules(
      """
      extension Array where Element == Product {
        func sorted(by order: ProductSort) -> [Product] { sorted { order.ascending($0, $1) } }
      }
      @MainActor final class FavoritesViewModel {
        var ids: [Int] = []
        func show(_ favorites: Set<Int>) { ids = favorites.sorted() }
      }
      """)
    #expect(rules.isEmpty)
  }

  // Resolution by labels: `status()` is not `status(_:)`, `pick(rows)` is not `pick(from:)`,
  // and `Array(x)` is the standard library's, whatever an extension of Array declares.
  @Test func resolvesOnlyCallsWhoseArgumentsFitExactly() async {
    let rules = await Audit.rules(
      """
      extension Array where Element == Tag {
        init?(rawValue: String) {
          guard let data = rawValue.data(using: .utf8),
            let tags = try? JSONDecoder().decode([Tag].self, from: data) else { return nil }
          self = tags
        }
      }
      @MainActor final class TagsController: UIViewController {
        func status() -> String { "idle" }
        func status(_ rows: [Row]) -> [Row] { rows.sorted { $0.date < $1.date } }
        func pick(from rows: [Row]) -> [Row] { rows.sorted { $0.date < $1.date } }
        func lookUp(_ rows: [Row]) -> [Row] { rows.sorted { $0.date < $1.date } }
        func lookUp(_ rows: [Row]) async -> [Row] { await api.lookUp(rows) }
        func render(_ options: [Option]) async {
          _ = await lookUp(rows)
          title = status()
          let shown = Array(options.enumerated())
          pick(rows)
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  // The fix is made in the helper: it is reported once, not at each of its callers.
  @Test func reportsAHelperOnceForAllItsCallers() async {
    let findings = await Audit.findings(
      """
      @MainActor final class FeedController: UIViewController {
        func sortedRows(_ rows: [Row]) -> [Row] { rows.sorted { $0.date < $1.date } }
        func reload() { show(sortedRows(model.rows)) }
        func refresh() { show(sortedRows(model.rows)) }
      }
      """)
    #expect(findings.map(\.rule) == [.heavyHelperOnMainActor])
    #expect(findings.first?.line == 3)
  }

  @Test func leavesWorkThatRunsInACompletionHandlerOrAPipelineStage() async {
    let rules = await Audit.rules(
      """
      struct TagsAPI {
        func fetchTags(completion: @escaping ([Tag]) -> Void) {
          session.load(tagsURL) { data in
            let tags = (try? JSONDecoder().decode([Tag].self, from: data)) ?? []
            completion(tags)
          }
        }
      }
      @MainActor final class ServerSearchModel {
        @Published var query = ""
        @Published var results: [Server] = []
        init() { bind() }
        private func bind() {
          $query.debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .map { text in servers.filter { $0.domain.contains(text) }.sorted { $0.users > $1.users } }
            .assign(to: &$results)
        }
        func reloadTags() { api.fetchTags(completion: { tags in self.tags = tags }) }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func reportsAHelperThatRunsOnTheMainActorAtItsOwnCallOnly() async {
    let findings = await Audit.findings(
      """
      @MainActor final class FeedListModel {
        var rows: [Feed] = []
        func show(_ feeds: [Feed]) {
          rows = feeds
          applySort()
        }
        private func applySort() { rows.sort { $0.name < $1.name } }
      }
      @MainActor final class FeedListWindow {
        let model = FeedListModel()
        func open(_ feeds: [Feed]) { model.show(feeds) }
      }
      """)
    #expect(findings.map(\.rule) == [.heavyHelperOnMainActor])
    #expect(findings.first?.line == 5)
    #expect(findings.first?.message.hasPrefix("'FeedListModel.applySort' sorts synchronously") == true)
  }

  @Test func reportsHelpersThatShareANameOnceEach() async {
    let findings = await Audit.findings(
      """
      @MainActor final class StorageStatsModel {
        var rows: [Usage] = []
        func reload() {
          rows = usage()
          applySort()
        }
        private func applySort() { rows.sort { $0.bytes > $1.bytes } }
      }
      @MainActor final class StaleFeedsModel {
        var rows: [Feed] = []
        func reload() {
          rows = staleFeeds()
          applySort()
        }
        private func applySort() { rows.sort { $0.lastUpdate < $1.lastUpdate } }
      }
      """)
    #expect(findings.map(\.line) == [5, 13])
  }

  @Test func leavesACommandLineProgramThatDrawsNoScreen() async {
    let program = """
      func report(_ rows: [Row]) -> String { render(rows) }
      func render(_ rows: [Row]) -> String { rows.sorted().map(\\.line).joined(separator: "\\n") }
      let text = report(loadRows())
      print(text)
      """
    let tool = await Audit.findings("import Foundation\n" + program, path: "Tools/report/main.swift")
    #expect(tool.isEmpty)
    let app = await Audit.findings("import SwiftUI\n" + program, path: "App/main.swift")
    #expect(app.map(\.rule) == [.heavyHelperOnMainActor])
    #expect(app.first?.line == 4)
  }
}
