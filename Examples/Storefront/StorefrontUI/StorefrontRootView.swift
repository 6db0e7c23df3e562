#if canImport(SwiftUI)
  import Storefront
  import SwiftUI

  /// The whole app in tabs, for an app target to show:
  ///
  /// ```swift
  /// @main struct StorefrontApp: App {
  ///   @State private var environment: StorefrontEnvironment?
  ///   var body: some Scene {
  ///     WindowGroup {
  ///       Group { if let environment { StorefrontRootView(environment: environment) } else { ProgressView() } }
  ///         .task { environment = try? await StorefrontEnvironment.open(configuration) }
  ///     }
  ///   }
  /// }
  /// ```
  public struct StorefrontRootView: View {
    private let environment: StorefrontEnvironment

    public init(environment: StorefrontEnvironment) {
      self.environment = environment
    }

    public var body: some View {
      TabView {
        NavigationStack { CatalogView(environment: environment) }
          .tabItem { Label("Catalog", systemImage: "list.bullet") }
        NavigationStack { SearchView(environment: environment) }
          .tabItem { Label("Search", systemImage: "magnifyingglass") }
        NavigationStack { LoginView(environment: environment) }
          .tabItem { Label("Account", systemImage: "person") }
      }
    }
  }
#endif
