#if canImport(SwiftUI) && !os(watchOS) && !os(tvOS)
  import Custody
  import Storefront
  import SwiftUI

  /// The whole app in tabs. The app makes one StorefrontScreens when it opens its environment,
  /// so every screen's view model is made once.
  ///
  /// In a debug build the app serves Custody Devtools before it opens the environment, so every
  /// owner the environment makes reports to the page (this view gets screens already made, too
  /// late for that). The app target links the `CustodyDevtools` product and uses it only inside
  /// `#if DEBUG`, so a release build neither starts nor calls it. The address goes to Xcode's
  /// console: a simulator shares the Mac's loopback address, so a browser on the Mac opens it as
  /// printed; for a device, set `Devtools.Configuration.host` to the device's address on a
  /// network you trust.
  ///
  /// ```swift
  /// import Custody
  /// import CustodyHTTP
  /// import Storefront
  /// import StorefrontUI
  /// import SwiftUI
  /// #if DEBUG
  ///   import CustodyDevtools
  /// #endif
  ///
  /// @main struct StorefrontApp: App {
  ///   @State private var screens: StorefrontScreens?
  ///   #if DEBUG
  ///     @State private var devtools: Devtools?  // the page serves while this value lives
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
  ///             do {
  ///               let started = try await Devtools.start()
  ///               devtools = started
  ///               configuration.inspector = started.inspector
  ///               print("Custody Devtools:", started.url)  // http://127.0.0.1:PORT/?token=…
  ///             } catch {
  ///               print("Custody Devtools did not start:", error)  // the app runs without it
  ///             }
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
