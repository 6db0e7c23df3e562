import CustodyTesting
import Testing

@testable import Custody

/// Shared work runs at the priority of its most urgent caller.
@Suite(.timeLimit(.minutes(1)))
struct PriorityEscalationTests {
  let gate = ControlledOperation<Int, Void>()
  let inspector = TestInspector()

  @Test func aMoreUrgentCallerRaisesTheSharedOperationToItsPriority() async throws {
    let flight = SingleFlight<Int, TaskPriority>(inspector: inspector)
    let operation: @Sendable () async throws -> TaskPriority = { [gate] in
      try await gate(1)
      return Task.currentPriority
    }
    let prefetch = Task(priority: .utility) { try await flight.run(1, operation: operation) }
    let call = try await gate.waitForCalls(1)[0]
    let screen = Task(priority: .userInitiated) { try await flight.run(1, operation: operation) }
    try await inspector.waitForWaiters(2, on: 1)

    call.resolve(())

    #expect(try await screen.value >= .userInitiated)
    #expect(try await prefetch.value >= .userInitiated)
  }

  @Test func aCacheLoadJoinedByAMoreUrgentCallerRunsAtItsPriority() async throws {
    let cache = Cache<Int, TaskPriority>(inspector: inspector)
    let load: @Sendable () async throws -> TaskPriority = { [gate] in
      try await gate(1)
      return Task.currentPriority
    }
    let prefetch = Task(priority: .utility) { try await cache.value(for: 1, load: load) }
    let call = try await gate.waitForCalls(1)[0]
    let screen = Task(priority: .userInitiated) { try await cache.value(for: 1, load: load) }
    try await inspector.waitForWaiters(2, on: 1)

    call.resolve(())

    #expect(try await screen.value >= .userInitiated)
    #expect(try await prefetch.value >= .userInitiated)
  }
}
