import CustodyAudit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct CoordinationStateTests {
  @Test func flagsTheViewModelThatOwnsACacheAndADictionaryOfTasks() async {
    let findings = await Audit.findings(
      """
      @MainActor @Observable
      final class ProductViewModel {
        var product: Product?
        var isLoading = false
        var message: String?
        private var cache: [Product.ID: (Product, Date)] = [:]
        private var inFlight: [Product.ID: Task<Product, any Error>] = [:]
        private let api: ProductAPI

        init(api: ProductAPI) { self.api = api }

        func load(_ id: Product.ID) async {
          if let (cached, at) = cache[id], at.timeIntervalSinceNow > -60 { product = cached; return }
          let task = inFlight[id] ?? Task { try await api.product(id) }
          inFlight[id] = task
          do {
            let loaded = try await task.value
            inFlight[id] = nil
            cache[id] = (loaded, Date())
            product = loaded
          } catch is CancellationError {
          } catch {
            message = "Something went wrong."
          }
        }
      }
      """)
    #expect(findings.map(\.rule) == [.coordinationState, .coordinationState])
    #expect(findings.map(\.line) == [6, 7])
    #expect(findings[0].message.contains("Cache"))
    #expect(findings[1].message.contains("SingleFlight"))
  }

  @Test func flagsASearchTaskCancelledOnlyToStartTheNextOne() async {
    let findings = await Audit.findings(
      """
      @MainActor @Observable final class SearchViewModel {
        private(set) var results: [Product] = []
        private var searchTask: Task<Void, Never>?

        func search(_ query: String) {
          searchTask?.cancel()
          searchTask = Task { results = await api.search(query) }
        }
      }
      """)
    #expect(findings.map(\.rule) == [.coordinationState])
    #expect(findings.first?.message.contains("LatestTask") == true)
  }

  @Test func flagsAPageCursorBesideALoadingFlag() async {
    let findings = await Audit.findings(
      """
      @MainActor final class FeedViewModel: ObservableObject {
        @Published var items: [Item] = []
        @Published var isLoadingMore = false
        private var nextPage = 1
      }
      """)
    #expect(findings.map(\.rule) == [.coordinationState])
    #expect(findings.first?.message.contains("Pager") == true)
    #expect(findings.first?.line == 4)
  }

  @Test func flagsATokenAndItsRefreshTask() async {
    let findings = await Audit.findings(
      """
      @MainActor final class AccountModel {
        var accessToken: String?
        private var tokenRefresh: Task<String, any Error>?
      }
      """)
    #expect(findings.map(\.rule) == [.coordinationState, .coordinationState])
    #expect(findings.allSatisfy { $0.message.contains("TokenStore") })
  }

  @Test func acceptsTheViewModelThatCallsOwners() async {
    let rules = await Audit.rules(
      """
      @MainActor @Observable
      final class ProductViewModel {
        private(set) var state: LoadState<Product> = .idle
        var message: String? { state.error.flatMap(Copy.message(for:)) }
        @ObservationIgnored private let products: Cache<Product.ID, Product>
        @ObservationIgnored private let api: ProductAPI
        @ObservationIgnored private let latest = LatestTask()

        init(products: Cache<Product.ID, Product>, api: ProductAPI) {
          self.products = products
          self.api = api
        }

        func load(_ id: Product.ID) async {
          await latest.load(\\.state, on: self) { [products, api] in
            try await products.value(for: id) { try await api.product(id) }
          }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func acceptsAMainActorViewModelThatHoldsOnlyScreenState() async {
    let rules = await Audit.rules(
      """
      @MainActor @Observable final class CartViewModel {
        var items: [CartItem] = []
        var isLoading = false
        var message: String?
        var selection: [CartItem.ID: Bool] = [:]
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func acceptsTaskHandlesInAnActorOrANonisolatedOwner() async {
    let rules = await Audit.rules(
      """
      actor ImageLoader {
        private var inFlight: [URL: Task<Image, any Error>] = [:]
        private var cache: [URL: Image] = [:]
      }
      final class Poller: Sendable {
        private let state = LockedState<Task<Void, Never>?>(nil)
      }
      struct Row { var task: Task<Void, Never>? }
      """)
    #expect(rules.isEmpty)
  }

  @Test func acceptsAHandleTheTypeEndsOutsideWhereItStartsIt() async {
    let rules = await Audit.rules(
      """
      @MainActor final class Heartbeat {
        private var beat: Task<Void, Never>?
        func start() { beat = Task { while !Task.isCancelled { await tick() } } }
        func stop() { beat?.cancel(); beat = nil }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func findsCoordinationStateInAnyTypeOfAMainActorModule() async {
    let source = """
      final class ThumbnailModel {
        private var cache: [URL: Image] = [:]
      }
      """
    #expect(await Audit.rules(source).isEmpty)
    #expect(await Audit.rules(source, defaultIsolation: .mainActor) == [.coordinationState])
  }

  @Test func findsCoordinationStateInAViewController() async {
    let rules = await Audit.rules(
      """
      final class ProductsController: UIViewController {
        private var pending: [Int: Task<Product, any Error>] = [:]
      }
      """)
    #expect(rules == [.coordinationState])
  }

  // Concurrent 401s must share one refresh: callers join the stored task. LatestTask would cancel
  // it and start parallel refreshes again, so the owner to name is SingleFlight.
  @Test func namesSingleFlightForATaskThatCallersJoin() async {
    let findings = await Audit.findings(
      """
      @MainActor final class SessionController {
        private var refreshing: Task<Bool, Never>?
        func reauthorize() async -> Bool {
          if let refreshing { return await refreshing.value }
          let task = Task { await auth.refresh() }
          refreshing = task
          defer { refreshing = nil }
          return await task.value
        }
      }
      """)
    #expect(findings.map(\.rule) == [.coordinationState])
    #expect(findings.first?.message.contains("SingleFlight") == true)
    #expect(findings.first?.message.contains("LatestTask") == false)
  }

  // A type that is a cache (a layout sizer that must stay on the main thread included) owns its
  // memo on purpose; a callback and a device's push token are no credentials.
  @Test func leavesCacheTypesCallbacksAndPushTokensAlone() async {
    let rules = await Audit.rules(
      """
      @MainActor final class LabelSizer {
        private var cache = [String: CGSize]()
      }
      @MainActor final class IconImageCache {
        private var feedIconCache = [String: Image]()
      }
      @MainActor final class AccountsView: NSView {
        var onCredentials: (() -> Void)?
        var pushToken: Data?
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func recognisesAnInFlightTableByHowItIsUsed() async {
    let findings = await Audit.findings(
      """
      @MainActor final class AvatarImages {
        private var fetching = Set<URL>()
        private var subscribers = [URL: [AvatarView]]()
        private var selected = Set<URL>()
        func load(_ url: URL) async {
          guard !fetching.contains(url) else { return }
          fetching.insert(url)
          let image = await network.image(url)
          fetching.remove(url)
          for view in subscribers[url] ?? [] { view.show(image) }
          subscribers[url] = nil
        }
        func show(_ url: URL, in view: AvatarView) {
          subscribers[url, default: []].append(view)
        }
        func toggle(_ url: URL) {
          if selected.contains(url) { selected.remove(url) } else { selected.insert(url) }
        }
      }
      """)
    #expect(findings.map(\.rule) == [.coordinationState, .coordinationState])
    #expect(findings.map(\.line) == [2, 3])
    #expect(findings.first?.message.contains("let SingleFlight run one request per key") == true)
  }
}
