import CustodyAudit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct HeavyWorkAfterAwaitTests {
  @Test func flagsATaskThatSortsAfterAnAwait() async {
    let findings = await Audit.findings(
      """
      @MainActor @Observable final class CatalogViewModel {
        var rows: [Product] = []
        func appeared() {
          Task {
            let products = try await api.products()
            rows = products.sorted { $0.price < $1.price }
          }
        }
      }
      """)
    #expect(findings.map(\.rule) == [.heavyWorkAfterAwait])
    #expect(findings.first?.line == 6)
    #expect(findings.first?.message.contains("@concurrent") == true)
  }

  @Test(arguments: [
    "let page = try JSONDecoder().decode(Page.self, from: data)",
    "let byCategory = Dictionary(grouping: products, by: \\.category)",
    "let cheap = products.filter { $0.price < 10 }.map(\\.title)",
    "let batches = products.chunked(into: 50)",
    "let object = try JSONSerialization.jsonObject(with: data)",
    "for product in products { labels.append(product.price.formatted()) }",
  ])
  func flagsEachKindOfHeavyWorkAfterAnAwait(_ line: String) async {
    let rules = await Audit.rules(
      """
      @MainActor final class ReportViewModel {
        func refresh() {
          Task {
            let data = try await api.data()
            \(line)
          }
        }
      }
      """)
    #expect(rules == [.heavyWorkAfterAwait])
  }

  @Test func flagsAMainActorAsyncFunctionAndASwiftUITask() async {
    let rules = await Audit.rules(
      """
      @MainActor final class OrdersViewModel {
        var orders: [Order] = []
        func load() async {
          let loaded = await api.orders()
          orders = loaded.sorted { $0.date > $1.date }
        }
      }
      struct OrdersView: View {
        @State var orders: [Order] = []
        var body: some View {
          List(orders) { Text($0.title) }
            .task {
              let loaded = await api.orders()
              orders = loaded.sorted { $0.date > $1.date }
            }
        }
      }
      """)
    #expect(rules == [.heavyWorkAfterAwait, .heavyWorkAfterAwait])
  }

  @Test func acceptsHeavyWorkInAConcurrentFunction() async {
    let rules = await Audit.rules(
      """
      enum CatalogPipeline {
        @concurrent static func rows(_ products: [Product]) async -> [Product] {
          let checked = await validate(products)
          return checked.sorted { $0.price < $1.price }
        }
      }
      @MainActor @Observable final class CatalogViewModel {
        var rows: [Product] = []
        func appeared() {
          Task {
            let products = try await api.products()
            rows = await CatalogPipeline.rows(products)
          }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func acceptsHeavyWorkInChildTasksAndOffTheMainActor() async {
    let rules = await Audit.rules(
      """
      @MainActor final class ReportViewModel {
        func refresh() async {
          await withTaskGroup(of: [Row].self) { group in
            group.addTask {
              let rows = await source.rows()
              return rows.sorted()
            }
          }
        }
      }
      final class Indexer {
        func rebuild() {
          Task {
            let entries = await store.entries()
            index = Dictionary(grouping: entries, by: \\.letter)
          }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func acceptsWorkGivenToAnAwaitedOwner() async {
    let rules = await Audit.rules(
      """
      @MainActor final class CatalogViewModel {
        func load() async {
          let first = await api.first()
          await latest.run { try await api.products().sorted() }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func flagsADecodeInATaskThatMovesItsWholeBodyToTheMainActor() async {
    let findings = await Audit.findings(
      """
      final class PushHandler {
        func received(_ payload: Data) {
          Task { @MainActor in
            let message = try JSONDecoder().decode(PushMessage.self, from: payload)
            inbox.insert(message)
          }
        }
      }
      @MainActor final class InboxModel {
        func received(_ payload: Data) {
          Task { @MainActor in
            let message = try JSONDecoder().decode(PushMessage.self, from: payload)
            inbox.insert(message)
          }
        }
      }
      """)
    #expect(findings.map(\.rule) == [.heavyWorkAfterAwait])
    #expect(findings.first?.line == 4)
    #expect(
      findings.first?.message.hasPrefix("'decode' decodes or encodes JSON on the main actor in this Task") == true)
  }
}
