/// Runs a scenario once for every order in which its steps can happen, and reports the first
/// order that breaks an expectation.
///
/// Concurrency bugs hide in the one completion order a test did not try. Describe the steps
/// of a scenario (resolve this call, cancel that caller, invalidate the key) and let the
/// explorer try every permutation of them; the scenario builds fresh state for each order,
/// performs the steps in the order given, and checks its expectations by throwing (for
/// example with `try #require(...)`).
///
/// ```swift
/// let explorer = InterleavingExplorer(steps: 3)
/// try await explorer.explore { order in
///   let fetch = ControlledOperation<Void, Int>()
///   let flight = SingleFlight<Int, Int>()
///   // … start callers, wait for the call, then:
///   for step in order { /* 0: resolve, 1: cancel caller A, 2: cancel caller B */ }
///   try #require(fetch.callCount == 1)
/// }
/// ```
///
/// A failure is thrown as ``InterleavingError``, naming the order so it can be replayed
/// with ``replay(_:_:)``.
public struct InterleavingExplorer: Sendable {
  /// How many steps each order has.
  public let stepCount: Int

  /// Creates an explorer for scenarios of `steps` steps (1 to 7; 5 steps are 120 orders).
  public init(steps: Int) {
    precondition((1...7).contains(steps), "An explorer takes 1 to 7 steps")
    stepCount = steps
  }

  /// Every order of the steps, as permutations of `0..<stepCount` in lexicographic order.
  public var orders: [[Int]] { Self.permutations(of: Array(0..<stepCount)) }

  /// Runs `scenario` once per order, stopping at the first that throws.
  ///
  /// - Parameter scenario: Builds fresh state, performs the steps in the order given, and
  ///   throws when an expectation does not hold.
  /// - Returns: The number of orders explored.
  /// - Throws: ``InterleavingError`` with the first failing order and its error, or
  ///   `CancellationError` when the task is cancelled (by a time limit, say) between orders.
  @discardableResult
  public func explore(_ scenario: ([Int]) async throws -> Void) async throws -> Int {
    let orders = self.orders
    for order in orders {
      try Task.checkCancellation()
      try await replay(order, scenario)
    }
    return orders.count
  }

  /// Runs `scenario` for one order, as ``explore(_:)`` does; for replaying a reported failure.
  public func replay(_ order: [Int], _ scenario: ([Int]) async throws -> Void) async throws {
    do {
      try await scenario(order)
    } catch {
      throw InterleavingError(order: order, underlying: error)
    }
  }

  static func permutations(of elements: [Int]) -> [[Int]] {
    guard elements.count > 1 else { return [elements] }
    return elements.indices.flatMap { index in
      var rest = elements
      let first = rest.remove(at: index)
      return permutations(of: rest).map { [first] + $0 }
    }
  }
}

/// An order of steps under which a scenario failed.
public struct InterleavingError: Error, CustomStringConvertible {
  /// The steps in the order they were performed.
  public let order: [Int]
  /// What the scenario threw.
  public let underlying: any Error

  public var description: String {
    "Scenario failed for step order \(order): \(underlying)"
  }
}
