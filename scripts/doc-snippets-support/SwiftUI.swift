// A stand-in for SwiftUI, for scripts/doc-snippets on a toolchain without it (Linux): only the
// names the articles' listings use, with SwiftUI's shapes, so the Custody code around a view is
// type-checked there too. Where the real SwiftUI exists, the listings are checked against it.

@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

/// What every builder and modifier of the stand-in returns.
public struct StandInView: View {
  public var body: Never { fatalError("SwiftUI stand-in") }
}

extension Never: View {
  public var body: Never { fatalError("SwiftUI stand-in") }
}

@resultBuilder public enum ViewBuilder {
  public static func buildExpression(_ never: Never) -> Never {}
  public static func buildBlock(_ never: Never) -> Never {}
  public static func buildExpression(_ view: some View) -> StandInView { StandInView() }
  public static func buildBlock(_ views: StandInView...) -> StandInView { StandInView() }
  public static func buildOptional(_ view: StandInView?) -> StandInView { StandInView() }
  public static func buildEither(first view: StandInView) -> StandInView { StandInView() }
  public static func buildEither(second view: StandInView) -> StandInView { StandInView() }
}

public struct Text: View {
  public init(_ text: some StringProtocol) {}
  public var body: Never { fatalError("SwiftUI stand-in") }
}

public struct EmptyView: View {
  public init() {}
  public var body: Never { fatalError("SwiftUI stand-in") }
}

public struct ProgressView: View {
  public init() {}
  public var body: Never { fatalError("SwiftUI stand-in") }
}

public struct Button: View {
  public init(_ title: some StringProtocol, action: @escaping @MainActor () -> Void) {}
  public var body: Never { fatalError("SwiftUI stand-in") }
}

public struct VStack: View {
  public init(@ViewBuilder content: () -> some View) {}
  public var body: Never { fatalError("SwiftUI stand-in") }
}

public struct List: View {
  public init<Data: RandomAccessCollection, Row: View>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> Row
  ) where Data.Element: Identifiable {}
  public var body: Never { fatalError("SwiftUI stand-in") }
}

public enum ScenePhase: Equatable, Sendable {
  case background, inactive, active
}

public struct EnvironmentValues {
  public var scenePhase: ScenePhase { .active }
}

@propertyWrapper public struct Environment<Value> {
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
  public var wrappedValue: Value { fatalError("SwiftUI stand-in") }
}

extension View {
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> StandInView { StandInView() }
  public func overlay(@ViewBuilder content: () -> some View) -> StandInView { StandInView() }
  public func task(_ action: @escaping @isolated(any) @Sendable () async -> Void) -> StandInView { StandInView() }
  public func onAppear(perform action: (() -> Void)? = nil) -> StandInView { StandInView() }
}
