/// What a rule finds, why it matters and which owner fixes it: the text of `--list-rules`,
/// the SARIF rule descriptions and the README's table.
public struct Rule: Sendable {
  /// The stable identifier.
  public let id: RuleID
  /// The readable name.
  public let slug: String
  /// How its findings are reported.
  public let severity: Severity
  /// The one-line message, before the details of a finding are filled in.
  public let summary: String
  /// Why the pattern hurts.
  public let explanation: String
  /// The owner or the construct that fixes it.
  public let fix: String

  /// Every rule, in identifier order.
  public static let all: [Rule] = [
    Rule(
      id: .coordinationState, slug: "coordination-state", severity: .note,
      summary: "a main-actor type owns coordination state",
      explanation: """
        A stored Task handle, a dictionary used as a cache or an in-flight table, a page cursor \
        beside a loading flag, or a token held by a main-actor type puts shared non-UI state on \
        the executor that draws the screen, and every await in the type can interleave with it.
        """,
      fix: """
        Move the state to its owner: Cache (cached values), SingleFlight (in-flight requests), \
        Pager (cursor and page in flight), TokenStore (tokens and their refresh), LatestTask \
        (the one task a view model may keep, to supersede the previous load).
        """),
    Rule(
      id: .heavyWorkAfterAwait, slug: "heavy-work-after-await", severity: .note,
      summary: "CPU-heavy work runs on the main actor after an await",
      explanation: """
        A Task created in a main-actor context, like a main-actor async function, resumes on \
        the main actor after each await: sorting, transform chains, grouping, chunking, JSON \
        decoding or formatting loops written after the await run there and stall input.
        """,
      fix: """
        Do the work in a @concurrent function (or a nonisolated, stateless service or pipeline) \
        and await its result; assign only the finished value on the main actor.
        """),
    Rule(
      id: .heavyHelperOnMainActor, slug: "heavy-helper-on-main-actor", severity: .note,
      summary: "a synchronous helper does CPU-heavy work on the main actor",
      explanation: """
        Extracting work into a synchronous function does not move it off the main actor: the \
        function runs on its caller's executor. A main-actor computed property doing such work \
        runs it on every read.
        """,
      fix: """
        Make the helper a @concurrent async function (or a method of a nonisolated, stateless \
        service) and await it; keep computed properties cheap and store their finished result.
        """),
    Rule(
      id: .unownedScreenTask, slug: "unowned-screen-task", severity: .warning,
      summary: "screen work starts in an unowned Task when the screen appears",
      explanation: """
        A bare Task in onAppear (or viewDidLoad, viewWillAppear, viewDidAppear) is not \
        cancelled when the screen goes away, runs again on every appearance and can commit a \
        result to a screen that is gone.
        """,
      fix: """
        Use .task { } or .task(id:) in SwiftUI; in UIKit keep the handle and cancel it when the \
        screen disappears, or let LatestTask own it.
        """),
    Rule(
      id: .unexplainedDetachedTask, slug: "unexplained-detached-task", severity: .warning,
      summary: "Task.detached without a stated reason",
      explanation: """
        Task.detached drops priority, task-local values and cancellation, and is often used to \
        quiet the compiler rather than to express a design.
        """,
      fix: """
        Use a @concurrent function or a structured child task; where detaching is the design, \
        say why in a comment on the line before: `// detached: <reason>`.
        """),
    Rule(
      id: .isolationEscapeHatch, slug: "isolation-escape-hatch", severity: .note,
      summary: "MainActor.run or MainActor.assumeIsolated stands in for stated isolation",
      explanation: """
        Each MainActor.run or MainActor.assumeIsolated in a type is a place where the type's \
        isolation is decided at the call instead of in its declaration; many of them in one \
        type mean the declaration does not say what the type is. Reported once per type, with \
        the count, as information.
        """,
      fix: """
        State the isolation where it belongs: @MainActor on the type or on the member that \
        touches UI state, nonisolated on the rest.
        """),
    Rule(
      id: .isolatedService, slug: "isolated-service", severity: .warning,
      summary: "a protocol or a service type is bound to the main actor",
      explanation: """
        A @MainActor service protocol forces every conformer, fakes included, onto the main \
        actor; a main-actor repository, service, client or API type runs its fetching, decoding \
        and bookkeeping there.
        """,
      fix: """
        Make services and their protocols nonisolated and Sendable (stateless structs, heavy work \
        in @concurrent functions); give their state to an owner such as Cache or TokenStore.
        """),
    Rule(
      id: .dispatchMainInAsync, slug: "dispatch-main-in-async", severity: .note,
      summary: "DispatchQueue.main in an async function or a main-actor type",
      explanation: """
        DispatchQueue.main.async or sync escapes Swift concurrency: the compiler no longer \
        checks the isolation of what runs, cancellation does not reach it, and in a main-actor \
        context it only delays work that is already on the main actor.
        """,
      fix: """
        Call a @MainActor function with await (or assign directly when already on the main \
        actor); make the enclosing type or member @MainActor if it touches UI.
        """),
    Rule(
      id: .uncheckedSendableWithoutLock, slug: "unchecked-sendable-without-lock", severity: .note,
      summary: "@unchecked Sendable on a type with mutable state and no visible lock",
      explanation: """
        @unchecked Sendable turns off the compiler's race checking; a type with var stored \
        properties and no lock or isolation in sight is a data race waiting for two threads.
        """,
      fix: """
        Make it an actor, make its state immutable, or keep the state in one audited lock \
        wrapper (a private LockedState or Mutex) and touch it only inside withLock.
        """),
    Rule(
      id: .cancellationAsFailure, slug: "cancellation-as-failure", severity: .warning,
      summary: "a catch turns cancellation into a failure",
      explanation: """
        In async code a catch-all that sets a failure state also catches CancellationError: a \
        screen that was left, or a load superseded by a newer one, shows an error.
        """,
      fix: """
        Catch CancellationError first and keep what the screen shows (`catch is \
        CancellationError { return }`), or let LatestTask and LoadState treat cancellation as \
        neutral.
        """),
    Rule(
      id: .suppressionWithoutReason, slug: "suppression-without-reason", severity: .warning,
      summary: "a suppression comment without a reason or with an unknown rule",
      explanation: """
        A suppression is a decision; without its reason the next reader cannot tell a judgement \
        from a silenced warning. A suppression without a reason suppresses nothing.
        """,
      fix: """
        Write `// custody-audit:ignore <rule> — <reason>` on the line or the line before, naming \
        a rule by id or slug.
        """),
  ]

  static let catalog = Catalog(all)
}

/// Rules by identifier, built once.
struct Catalog: Sendable {
  private let rules: [RuleID: Rule]

  init(_ rules: [Rule]) {
    self.rules = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0) })
  }

  subscript(id: RuleID) -> Rule { rules[id]! }
}
