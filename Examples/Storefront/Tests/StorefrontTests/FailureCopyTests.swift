import Custody
import CustodyHTTP
import Storefront
import Testing

@Suite
struct FailureCopyTests {
  @Test func cancellationHasNoWords() {
    #expect(FailureCopy.message(for: .cancelled) == nil)
    #expect(FailureCopy.message(for: CancellationError()) == nil)
  }

  @Test(arguments: [
    FailureCategory.offline, .timedOut, .unauthorized, .forbidden, .notFound, .rateLimited(retryAfter: nil),
    .rejected(status: 422), .server(status: 503), .invalidResponse, .storage, .unknown,
  ])
  func everyFailureIsOnePlainSentence(category: FailureCategory) throws {
    let words = try #require(FailureCopy.message(for: category))
    #expect(words.first?.isUppercase == true)
    #expect(words.hasSuffix("."))
    #expect(!words.contains("HTTP"))
  }

  @Test(arguments: [
    (Duration.seconds(30), "30 s"), (.milliseconds(1_500), "2 s"), (.milliseconds(10), "1 s"), (.seconds(300), "5 min"),
    (.seconds(3_600), "60 min"), (.seconds(86_400), "24 h"), (.seconds(365 * 86_400), "365 days"),
  ])
  func rateLimitingSaysWhenToTryAgain(delay: Duration, spoken: String) {
    #expect(FailureCopy.message(for: .rateLimited(retryAfter: delay)) == "Too many requests. Try again in \(spoken).")
  }

  /// A server that answered too slowly is not worded as one that did not answer: the words say
  /// the request was stopped, and after how long.
  @Test func aRequestOverItsDeadlineSaysHowLongItWasGiven() {
    #expect(
      FailureCopy.message(for: HTTPError.deadlineExceeded(.seconds(60)))
        == "Stopped waiting: the server did not finish its answer within 60 s. Try again later.")
    #expect(FailureCopy.message(for: HTTPError.timedOut) == FailureCopy.message(for: .timedOut))
  }
}
