/// Sends every event to several inspectors, in the order given.
///
/// ```swift
/// let statistics = Statistics()
/// let cache = Cache<Int, Product>(name: "products", inspector: InspectorGroup(statistics, SignpostInspector()))
/// ```
public struct InspectorGroup: OwnerInspector {
  /// The inspectors, in the order they receive each event.
  public let inspectors: [any OwnerInspector]

  /// Creates a group of `inspectors`.
  public init(_ inspectors: any OwnerInspector...) { self.inspectors = inspectors }

  /// Creates a group of `inspectors`.
  public init(_ inspectors: [any OwnerInspector]) { self.inspectors = inspectors }

  public func record(_ event: OwnerEvent) {
    if event.kind == .hit {
      for inspector in inspectors where inspector.recordsHits { inspector.record(event) }
    } else {
      for inspector in inspectors { inspector.record(event) }
    }
  }

  public var recordsHits: Bool { inspectors.contains { $0.recordsHits } }
}
