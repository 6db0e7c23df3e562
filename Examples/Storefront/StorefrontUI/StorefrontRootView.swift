#if canImport(SwiftUI) && !os(watchOS) && !os(tvOS)
  import Custody
  import Storefront
  import SwiftUI

  /// The whole app in tabs. The app makes one StorefrontScreens when it opens its environment,
  /// so every screen's view model is made once. In a debug build it also serves Custody
  /// Devtools (the `CustodyDevtools` product, linked in debug builds only), and prints the
  /// address to open in a desktop browser; a simulator shares the Mac's loopback address:
  ///
  /// ```swift
  /// @main struct StorefrontApp: App {
  ///   @State private var screens: StorefrontScreens?
  ///   #if DEBUG
  ///     @State private var devtools: Devtools?
  ///   #endif
  ///   var body: some Scene {
  ///     WindowGroup {
  ///       Group { if let screens { StorefrontRootView(screens: screens) } else { ProgressView() } }
  ///         .task {
  ///           var configuration = StorefrontConfiguration(
  ///             baseURL: URL(string: "https://dummyjson.com")!, transport: URLSessionTransport(),
  ///             dataDirectory: try! DeviceDataDirectory.prepare())
  ///           configuration.credentialStorage = { server in
  ///             KeychainCredentialStorage(
  ///               service: Bundle.main.bundleIdentifier ?? "Storefront", account: "session \(server)")
  ///           }
  ///           #if DEBUG
  ///             devtools = try? await Devtools.start()
  ///             configuration.inspector = devtools?.inspector
  ///             if let devtools { print("Custody Devtools:", devtools.url) }
  ///           #endif
  ///           screens = StorefrontScreens(environment: try! await StorefrontEnvironment.open(configuration))
  ///         }
  ///     }
  ///   }
  /// }
  /// ```
  public struct StorefrontRootView: View {
    @Bindable private var screens: StorefrontScreens
    @Environment(\.scenePhase) private var scenePhase

    public init(screens: StorefrontScreens) {
      _screens = Bindable(screens)
    }

    public var body: some View {
      TabView {
        NavigationStack(path: $screens.catalogPath) {
          CatalogView(lifecycle: screens.catalog)
            .navigationDestination(for: Product.ID.self) { id in ProductDetailView(model: screens.detail(for: id)) }
        }
        .tabItem { Label("Catalog", systemImage: "list.bullet") }
        NavigationStack(path: $screens.searchPath) {
          SearchView(model: screens.search)
            .navigationDestination(for: Product.ID.self) { id in ProductDetailView(model: screens.detail(for: id)) }
        }
        .tabItem { Label("Search", systemImage: "magnifyingglass") }
        NavigationStack { LoginView(model: screens.account) }
          .tabItem { Label("Account", systemImage: "person") }
      }
      // The scene phase feeds the app's lifecycle hub, whose caches revalidate what screens
      // watch when the app comes back (an inactive moment, such as a glance at Control Center,
      // is neither). `task(id:)` runs at the first appearance too, where "active" revalidates
      // only what is already stale; the hub's own activation notifications find it done.
      .task(id: scenePhase) {
        if scenePhase == .active { screens.environment.appEvents.send(.didBecomeActive) }
        if scenePhase == .background { screens.environment.appEvents.send(.didResignActive) }
      }
    }
  }
#endif
