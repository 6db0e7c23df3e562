import Testing

@testable import Custody

/// The bookkeeping behind SingleFlight and Cache, without any concurrency.
@Suite struct FlightTableTests {
  typealias Table = FlightTable<String, Int, Void>

  @Test func detachingKeepsTheFlightForItsWaitersButNotForNewCallers() {
    var table = Table()
    let first = table.start("k", tag: ()).id
    #expect(table.attachedFlight(for: "k")?.id == first)
    table.detach("k")
    #expect(table.attachedFlight(for: "k") == nil)
    let second = table.start("k", tag: ()).id
    #expect(table.finish(first).wasAttached == false)
    #expect(table.attachedFlight(for: "k")?.id == second, "an old flight ending never clears a newer one")
    #expect(table.finish(second).wasAttached)
    #expect(table.attached.isEmpty && table.flights.isEmpty)
  }

  @Test func detachingAFlightNobodyWaitsForRemovesIt() {
    var table = Table()
    let id = table.start("k", tag: ()).id
    table.setTask(Task {}, for: id)
    #expect(table.detach("k") != nil, "its task is handed back to be cancelled")
    #expect(table.flights.isEmpty)
  }
}
