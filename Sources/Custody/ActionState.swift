/// What a screen shows of its user's actions (a save, a toggle, a sign-in): the message of the
/// outcome that has the last word, and how many actions run.
///
/// Actions overlap: a user saves, then saves again before the first answer, or reloads while a
/// save runs. A screen that shows "the result of the last action to end" lets an old success
/// wipe out the failure of a newer action, and one that shows every failure as it comes lets a
/// cancelled action show a failure. `ActionState` keeps the rules in one tested place:
///
/// - A failure shows when its action ends, over whatever showed.
/// - A success clears only a message shown before its action began: a failure of an action that
///   overlapped it, shown after it began, stays. A success that has something to say (a server
///   that kept only some of the fields) shows its message instead.
/// - Cancellation is neutral: an action that ends cancelled changes nothing that shows.
/// - ``runningCount`` counts the actions begun and not yet ended, each once however it ends.
///
/// The screen's view model stores it and derives its words from it:
///
/// ```swift
/// @MainActor @Observable final class ProductModel {
///   private(set) var actions = ActionState<String>()
///   var message: String? { actions.message }
///   var isSaving: Bool { actions.isRunning }
///
///   func save(_ changes: Changes) async {
///     let action = actions.begin()
///     do {
///       try await repository.save(changes)
///       actions.succeed(action)
///     } catch {
///       actions.fail(action, with: error, saying: Copy.message(for: error))  // neutral when cancelled
///     }
///   }
/// }
/// ```
///
/// A value type: each method changes the state at once, on the screen's actor, and returns.
public struct ActionState<Message: Sendable>: Sendable {
  /// One action of the screen, from ``ActionState/begin(counted:)`` to its end.
  public struct Action: Sendable, Hashable {
    /// When the action began, in the order of the state's beginnings and messages.
    let begun: UInt64
    let isCounted: Bool
  }

  /// The words of the outcome that has the last word; `nil` when nothing is to be said.
  public private(set) var message: Message?
  /// The category of the failure behind ``message``, when it speaks of a failure.
  public private(set) var failure: FailureCategory?
  /// The counted actions begun and not ended.
  private var running: Set<UInt64> = []
  /// Every beginning and every message shown takes the next number.
  private var lastNumber: UInt64 = 0
  /// The number of the message showing.
  private var shownAt: UInt64 = 0

  /// A state with no message and no action.
  public init() {}

  /// The number of counted actions that have begun and not ended.
  public var runningCount: Int { running.count }

  /// Whether a counted action runs: a screen's "saving…".
  public var isRunning: Bool { !running.isEmpty }

  /// Begins an action: call it before the action's first `await`.
  ///
  /// - Parameter counted: Whether ``runningCount`` counts it. A screen that says "saving" for its
  ///   saves and not for its loads begins the loads uncounted; they follow the same rules.
  /// - Returns: The action, to end with exactly one of ``succeed(_:saying:)``,
  ///   ``fail(_:with:saying:)`` or ``cancel(_:)``.
  public mutating func begin(counted: Bool = true) -> Action {
    lastNumber &+= 1
    let action = Action(begun: lastNumber, isCounted: counted)
    if counted { running.insert(action.begun) }
    return action
  }

  /// Ends `action` as a success: shows `message` when there is one, else clears a message shown
  /// before the action began (one shown since stays).
  public mutating func succeed(_ action: Action, saying message: Message? = nil) {
    guard end(action) else { return }
    if let message {
      show(message)
    } else if shownAt < action.begun {
      show(nil)
    }
  }

  /// Ends `action` as a failure: shows `message` for it, with the error's category. A
  /// cancellation (see ``FailureCategory/isCancellation``) is neutral, as ``cancel(_:)`` is.
  ///
  /// - Parameters:
  ///   - action: The action that failed.
  ///   - error: Its error.
  ///   - message: The words for `error`; `nil` shows the failure without words.
  public mutating func fail(_ action: Action, with error: any Error, saying message: Message?) {
    guard end(action) else { return }
    let category = FailureCategory(error)
    guard !category.isCancellation else { return }
    show(message, failure: category)
  }

  /// Ends `action` without an outcome to show: it was cancelled, or its outcome shows elsewhere
  /// (a load's failure in its ``LoadState``). What shows stays.
  public mutating func cancel(_ action: Action) {
    end(action)
  }

  /// Shows `message` now, as the outcome of an action that ended at once (a form refused before
  /// it is sent), or, with `nil`, clears what shows. Actions that began before do not clear it
  /// when they succeed.
  public mutating func show(_ message: Message?, failure: FailureCategory? = nil) {
    lastNumber &+= 1
    shownAt = lastNumber
    self.message = message
    self.failure = failure
  }

  /// Clears what shows: a form that closes takes its words with it.
  public mutating func dismiss() {
    show(nil)
  }

  /// Ends `action`; returns whether it was still running (an action ends once).
  @discardableResult
  private mutating func end(_ action: Action) -> Bool {
    guard action.isCounted else { return true }
    return running.remove(action.begun) != nil
  }
}

extension ActionState: Equatable where Message: Equatable {}

extension ActionState {
  /// Runs `action` as one of a screen's actions, kept in the screen's `state`: begins it, then
  /// ends it as ``succeed(_:saying:)`` or ``fail(_:with:saying:)`` does (cancellation is
  /// neutral). The screen's actor runs `action`.
  ///
  /// ```swift
  /// func toggleFavorite() async {
  ///   await ActionState.perform(\.actions, on: self, saying: Copy.message(for:)) {
  ///     try await favorites.setFavorite(!isFavorite, for: id)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The screen's action state.
  ///   - root: The screen's view model.
  ///   - counted: Whether ``runningCount`` counts the action while it runs.
  ///   - words: The message for the action's error, when it fails.
  ///   - action: The action.
  /// - Returns: What `action` returned; `nil` when it failed or was cancelled.
  @MainActor @discardableResult
  public static func perform<Root: AnyObject, Value>(
    _ state: ReferenceWritableKeyPath<Root, ActionState>, on root: Root, counted: Bool = true,
    saying words: (any Error) -> Message?, _ action: () async throws -> Value
  ) async -> Value? {
    let begun = root[keyPath: state].begin(counted: counted)
    do {
      let value = try await action()
      root[keyPath: state].succeed(begun)
      return value
    } catch {
      root[keyPath: state].fail(begun, with: error, saying: words(error))
      return nil
    }
  }
}
