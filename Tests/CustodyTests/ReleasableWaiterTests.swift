import Dispatch
import Testing

@testable import Custody

/// A caller of an actor-based owner is let go by its own cancellation, where it runs, without
/// waiting for the actor, whether it had joined or was still waiting for its turn; it is resumed
/// once, whichever of the answer and the cancellation comes first; and callers join in the order
/// they came.
@Suite(.timeLimit(.minutes(1)))
struct ReleasableWaiterTests {
  /// Lets other tasks run; the loops that call it end when the test is cancelled.
  static func yield() async throws {
    try Task.checkCancellation()
    await Task.yield()
  }

  @Test func aCancelledCallerIsReleasedWhereItIsCancelledThenTheOwnerHearsOfIt() async throws {
    let owner = Owner()
    owner.executor.open()
    let caller = Task { try await owner.join() }
    while await owner.joined.isEmpty { try await Self.yield() }
    caller.cancel()
    await #expect(throws: CancellationError.self) { try await caller.value }
    while await owner.left.isEmpty { try await Self.yield() }
    #expect(await owner.left == [1])
    #expect(await owner.answerAll(1) == 0, "an answer after the release resumes nobody")
  }

  @Test func aCallerCancelledBeforeItsTurnIsReleasedWhileTheActorIsHeldAndNeverJoins() async throws {
    let owner = Owner()
    let caller = Task { try await owner.join() }
    while owner.executor.heldCount == 0 { try await Self.yield() }  // its turn is queued, held
    caller.cancel()
    await #expect(throws: CancellationError.self) { try await caller.value }
    #expect(owner.executor.heldCount > 0, "released before the owner's actor ran at all")
    owner.executor.open()
    #expect(await owner.joined.isEmpty)
    #expect(await owner.left.isEmpty, "it never joined: nothing to leave")
  }

  @Test func anAnsweredCallerIsNotResumedAgainByALaterCancellation() async throws {
    let owner = Owner()
    owner.executor.open()
    let caller = Task { try await owner.join() }
    while await owner.joined.isEmpty { try await Self.yield() }
    #expect(await owner.answerAll(7) == 1)
    caller.cancel()
    #expect(try await caller.value == 7)
    #expect(await owner.left.isEmpty, "nothing to leave")
  }

  @Test func anOwnerThatAnswersAtOnceAnswersBeforeTheCallerWaits() async throws {
    let owner = Owner(answeringAtOnce: 5)
    owner.executor.open()
    #expect(try await owner.join() == 5)
    #expect(await owner.joined.isEmpty)
  }

  @Test func aCallerCancelledBeforeItComesNeverArrives() async throws {
    let owner = Owner()
    owner.executor.open()
    let caller = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await owner.join()
    }
    await #expect(throws: CancellationError.self) { try await caller.value }
    #expect(owner.executor.heldCount == 0 && owner.executor.ran == 0, "no turn was even queued")
    #expect(await owner.joined.isEmpty)
  }

  @Test func callersJoinInTheOrderTheyCame() async throws {
    let owner = Owner()
    var callers: [Task<Int, any Error>] = []
    for number in 1...5 {
      callers.append(Task { try await owner.join() })
      while owner.arrivals < number { try await Self.yield() }  // none joins: the actor is held
    }
    while owner.executor.heldCount < 1 { try await Self.yield() }
    #expect(owner.executor.heldCount == 1, "one turn for the five")
    owner.executor.open()
    while await owner.joined.count < 5 { try await Self.yield() }
    #expect(await owner.joined == [1, 2, 3, 4, 5])
    _ = await owner.answerAll(0)
    for caller in callers { _ = try await caller.value }
  }

  @Test func aCallerOfHigherPriorityDoesNotWaitForALowerTurn() async throws {
    let owner = Owner()
    let low = Task(priority: .background) { try await owner.join() }
    while owner.arrivals < 1 { try await Self.yield() }
    let high = Task(priority: .high) { try await owner.join() }
    while owner.arrivals < 2 { try await Self.yield() }
    // A turn of its own, at its priority: a second drain comes to the held actor.
    while owner.executor.heldCount < 2 { try await Self.yield() }
    owner.executor.open()
    while await owner.joined.count < 2 { try await Self.yield() }
    #expect(await owner.joined == [1, 2], "still in the order they came")
    _ = await owner.answerAll(0)
    _ = try await (low.value, high.value)
  }

  @Test func anAnswerBeforeTheContinuationIsKeptUntilItComes() async throws {
    let waiter = ReleasableWaiter<Int>()
    #expect(waiter.resume(returning: 3), "it answered")
    #expect(!waiter.resume(throwing: CancellationError()), "once")
    let value = try await withCheckedThrowingContinuation { continuation in
      #expect(!waiter.attach(continuation), "resumed at once")
    }
    #expect(value == 3)
  }

  @Test func aCancellationBeforeTheContinuationResumesItAtOnce() async throws {
    let waiter = ReleasableWaiter<Int>()
    #expect(waiter.cancel() == nil, "it had not joined: nothing for the owner to take out")
    await #expect(throws: CancellationError.self) {
      try await withCheckedThrowingContinuation { continuation in
        #expect(!waiter.attach(continuation))
      }
    }
  }

  @Test func aCancellationWhileTheOwnerJoinsIsTakenOutByTheOwner() {
    let released = ReleasableWaiter<Int>()
    _ = released.cancel()
    #expect(!released.joined(as: 4), "released before the join: the owner takes it out")
    let waiting = ReleasableWaiter<Int>()
    #expect(waiting.joined(as: 5))
    #expect(waiting.cancel() == 5, "released after the join: the owner hears its identifier")
    #expect(waiting.cancel() == nil, "once")
  }
}

/// An owner whose actor runs on an executor the test holds: its jobs wait until the test opens it.
private actor Owner {
  nonisolated let executor = HeldExecutor()
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
  private nonisolated let joins = JoinQueue<Owner, Int>()
  private let answer: Int?
  private var waiters: [ReleasableWaiter<Int>] = []
  /// The tickets of the callers that joined, and of those that left, in order.
  var joined: [UInt64] = []
  var left: [UInt64] = []
  private var tickets: UInt64 = 0

  init(answeringAtOnce answer: Int? = nil) { self.answer = answer }

  /// How many callers came and wait for their turn.
  nonisolated var arrivals: Int { joins.arrivalCount }

  nonisolated func join() async throws -> Int {
    try await joins.wait(on: self) { owner, waiter in
      owner.keep(waiter)
    } leave: { owner, ticket in
      owner.left.append(ticket)
    }
  }

  private func keep(_ waiter: ReleasableWaiter<Int>) -> UInt64? {
    if let answer {
      waiter.resume(returning: answer)
      return nil
    }
    tickets += 1
    joined.append(tickets)
    waiters.append(waiter)
    return tickets
  }

  func answerAll(_ value: Int) -> Int {
    waiters.reduce(0) { $0 + ($1.resume(returning: value) ? 1 : 0) }
  }
}

/// A serial executor that holds every job until it is opened, then runs them in order on a queue.
private final class HeldExecutor: SerialExecutor {
  private let queue = DispatchQueue(label: "held owner")
  private let state = LockedState((held: [UnownedJob](), isOpen: false, ran: 0))

  var heldCount: Int { state.withLock { $0.held.count } }
  var ran: Int { state.withLock { $0.ran } }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock { state in
      guard state.isOpen else { return state.held.append(job) }
      run(job, &state.ran)
    }
  }

  func open() {
    state.withLock { state in
      state.isOpen = true
      for job in state.held { run(job, &state.ran) }  // in order, before any later job
      state.held = []
    }
  }

  private func run(_ job: UnownedJob, _ ran: inout Int) {
    ran += 1
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }
}
