import Custody
import Testing

/// The outcome of overlapping user actions: which message has the last word, and what runs.
@Suite
struct ActionStateTests {
  struct Refused: Error, CategorizedError {
    var failureCategory: FailureCategory { .server(status: 500) }
  }

  // A1: a failure shows when its action ends, over what showed.
  @Test func aFailureShowsOverWhatShowedEvenANewerActionsMessage() {
    var actions = ActionState<String>()
    let older = actions.begin()
    let newer = actions.begin()
    actions.succeed(newer, saying: "saved, without the price")
    actions.fail(older, with: Refused(), saying: "refused")
    #expect(actions.message == "refused")
    #expect(actions.failure == .server(status: 500))
  }

  // A2: a success clears only a message shown before its action began.
  @Test func aSuccessKeepsTheFailureOfAnActionThatEndedAfterItBegan() {
    var actions = ActionState<String>()
    let slow = actions.begin()
    let quick = actions.begin()
    actions.fail(quick, with: Refused(), saying: "refused")
    actions.succeed(slow)
    #expect(actions.message == "refused", "the newer failure stays")
    #expect(actions.failure == .server(status: 500))
  }

  @Test func aSuccessClearsAFailureShownBeforeItBegan() {
    var actions = ActionState<String>()
    actions.fail(actions.begin(), with: Refused(), saying: "refused")
    let retry = actions.begin()
    actions.succeed(retry)
    #expect(actions.message == nil && actions.failure == nil)
  }

  @Test func aMessageShownAtOnceIsNotClearedByAnOlderSuccess() {
    var actions = ActionState<String>()
    let save = actions.begin()
    actions.show("Enter a price such as 9.99.")
    actions.succeed(save)
    #expect(actions.message == "Enter a price such as 9.99.")
    actions.succeed(actions.begin())
    #expect(actions.message == nil, "a success that began after it clears it")
  }

  @Test func aSuccessWithSomethingToSayShowsIt() {
    var actions = ActionState<String>()
    actions.fail(actions.begin(), with: Refused(), saying: "refused")
    let save = actions.begin()
    actions.succeed(save, saying: "The server kept the title only.")
    #expect(actions.message == "The server kept the title only." && actions.failure == nil)
  }

  // A3: cancellation is neutral.
  @Test(arguments: [CancellationError() as any Error, URLCancelled()])
  func aCancelledActionChangesNothingThatShows(error: any Error) {
    var actions = ActionState<String>()
    actions.fail(actions.begin(), with: Refused(), saying: "refused")
    let cancelled = actions.begin()
    #expect(actions.isRunning)
    actions.fail(cancelled, with: error, saying: "cancelled")
    #expect(actions.message == "refused" && actions.failure == .server(status: 500))
    #expect(!actions.isRunning, "it ended all the same")
    let dropped = actions.begin()
    actions.cancel(dropped)
    #expect(actions.message == "refused" && actions.runningCount == 0)
  }

  // A4: what runs.
  @Test func runningCountsTheCountedActionsOnceEach() {
    var actions = ActionState<String>()
    let first = actions.begin()
    let second = actions.begin()
    let load = actions.begin(counted: false)
    #expect(actions.runningCount == 2)
    actions.succeed(first)
    actions.succeed(first)
    #expect(actions.runningCount == 1, "an action ends once")
    actions.succeed(load)
    #expect(actions.runningCount == 1)
    actions.fail(second, with: Refused(), saying: "refused")
    #expect(actions.runningCount == 0 && !actions.isRunning)
    actions.succeed(second)
    #expect(actions.message == "refused", "an action that ended already changes nothing")
  }

  @Test func anUncountedActionFollowsTheSameRules() {
    var actions = ActionState<String>()
    let load = actions.begin(counted: false)
    actions.fail(actions.begin(), with: Refused(), saying: "refused")
    actions.succeed(load)
    #expect(actions.message == "refused")
    actions.succeed(actions.begin(counted: false))
    #expect(actions.message == nil)
  }

  @Test func dismissClearsWhatShows() {
    var actions = ActionState<String>()
    let save = actions.begin()
    actions.fail(actions.begin(), with: Refused(), saying: "refused")
    actions.dismiss()
    #expect(actions.message == nil && actions.failure == nil)
    #expect(actions.isRunning, "dismissing ends no action")
    actions.succeed(save)
    #expect(!actions.isRunning && actions.message == nil, "and nothing is left")
  }
}

/// An error a transport categorizes as cancelled.
private struct URLCancelled: Error, CategorizedError {
  var failureCategory: FailureCategory { .cancelled }
}
