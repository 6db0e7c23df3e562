import Foundation
import TestSupport
import Testing

/// What the command line says when something fails: the cause in plain words, and an exit
/// status a script can trust.
@Suite(.timeLimit(.minutes(4)))
struct FailureWordsTests {
  static let hasProc = FileManager.default.fileExists(atPath: "/proc/self")

  @Test(.enabled(if: hasProc, "/proc is where no one may write, root included"))
  func aFolderThatCannotBeWrittenIsNotCalledFull() async throws {
    let outcome = try await StorefrontBinary.run(["favorite", "3", "--data-dir", "/proc", "--latency", "0"])
    #expect(outcome.status == 1)
    #expect(outcome.error.hasPrefix("storefront: Saving your favourites in /proc failed."))
    #expect(outcome.error.contains("may be written to") && outcome.error.contains("--data-dir PATH"))
    #expect(!outcome.error.contains("Free some space"))
  }

  @Test(.enabled(if: hasProc, "/proc is where no one may make a folder, root included"))
  func aDataFolderThatCannotBeMadeEndsItsSentenceOnce() async throws {
    let outcome = try await StorefrontBinary.run(["products", "--data-dir", "/proc/storefront", "--latency", "0"])
    #expect(outcome.status == 1)
    #expect(outcome.error.hasPrefix("storefront: Cannot use /proc/storefront as the data folder: "))
    #expect(outcome.error.hasSuffix(" Choose another folder.\n"))
    #expect(!outcome.error.contains(".."))
  }

  @Test func aDamagedFileIsDescribedInPlainWords() async throws {
    let data = try DataFolder()
    try Data("{not json".utf8).write(to: data.url.appending(path: "favorites.json"))
    try Data(#"{"products": "many"}"#.utf8).write(to: data.url.appending(path: "catalog.json"))

    let outcome = try await data.run(["favorites"])

    #expect(outcome.status == 0)
    #expect(outcome.error.contains("favorites.json is damaged (it is not valid JSON). It was moved aside as"))
    #expect(outcome.error.contains("catalog.json is damaged (“products” holds the wrong kind of value)."))
    #expect(!outcome.error.contains("DecodingError") && !outcome.error.contains("Context"))
  }

  @Test func aCategoryThatDoesNotExistIsAnError() async throws {
    let data = try DataFolder()
    let outcome = try await data.run(["products", "--category", "nope"])
    #expect(outcome.status == 1)
    #expect(outcome.error == "storefront: No category is called “nope”. See the list with `storefront categories`.\n")
    #expect(outcome.output.isEmpty)
  }

  @Test func outputThatCannotBeWrittenIsAFailure() async throws {
    let data = try DataFolder()
    let outcome = try await data.run(["products"], output: URL(fileURLWithPath: "/dev/full"))
    #expect(outcome.status == 1)
    #expect(outcome.error == "storefront: The output could not be written (no space left on device).\n")
  }

  @Test func aRefusedConnectionOnThisMachineIsNotCalledOffline() async throws {
    let data = try DataFolder()
    let outcome = try await data.run(["categories"], server: "http://127.0.0.1:9")
    #expect(outcome.status == 1)
    #expect(outcome.error == "storefront: \(Self.nothingAnswers) (--server http://127.0.0.1:9)\n")
    #expect(!outcome.error.contains("offline"))
  }

  static let nothingAnswers =
    "Nothing answers at the server's address. Check that the server is running and the address is right."

  /// One failure, one wording: a login, a listing and a product read the same words for a
  /// server nobody answers at, as the browser shows them.
  @Test func aRefusedConnectionReadsTheSameForEveryCommand() async throws {
    let data = try DataFolder()
    for command in [["products"], ["product", "3"], ["login", "emilys", "--password-stdin"]] {
      let outcome = try await StorefrontBinary.run(
        ["--server", "http://127.0.0.1:9"] + command + ["--data-dir", data.path], input: "emilyspass\n")
      #expect(outcome.error.hasPrefix("storefront: \(Self.nothingAnswers)"), "\(command): \(outcome.error)")
    }
  }

  /// A server that closes the connection without an answer is not "nothing answers there".
  @Test(.enabled { await FaultServer.isAvailable })
  func aResetConnectionIsNotCalledNothingAnswering() async throws {
    let server = try await FaultServer.url("reset")
    let data = try DataFolder()
    let outcome = try await data.run(["categories"], server: server.absoluteString)
    #expect(outcome.status == 1)
    #expect(
      outcome.error.hasPrefix("storefront: The server closed the connection before it answered."), "\(outcome.error)")
  }

  /// A 401 when nobody signed in is no ended session.
  @Test func anUnauthorizedAnswerWithoutASessionAsksToSignIn() async throws {
    let server = try RecordingServer { _ in (401, #"{"message": "Authentication Problem"}"#) }
    let data = try DataFolder()
    let outcome = try await data.run(["products"], server: server.url)
    #expect(outcome.status == 1)
    #expect(
      outcome.error == "storefront: This server asks you to sign in first. Sign in with `storefront login USERNAME`.\n")
  }

  @Test func aFolderWhereADataFileShouldBeIsCalledAFolder() async throws {
    let data = try DataFolder()
    try FileManager.default.createDirectory(
      at: data.url.appending(path: "favorites.json"), withIntermediateDirectories: false)
    let outcome = try await data.run(["favorites"])
    #expect(outcome.error.contains("favorites.json is a folder, not a file. It was moved aside as"), "\(outcome.error)")
    #expect(!outcome.error.contains("NSCocoaErrorDomain"))
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["CUSTODY_HTTPBIN_URL"] != nil, "needs scripts/httpbin"))
  func aServerAddressWithoutTheAPIIsNotAMissingProduct() async throws {
    let data = try DataFolder()
    let server = try #require(ProcessInfo.processInfo.environment["CUSTODY_HTTPBIN_URL"]) + "/no-api-here"
    for command in [["products"], ["categories"], ["search", "phone"], ["product", "3"], ["favorite", "3"]] {
      let outcome = try await data.run(command, server: server)
      #expect(outcome.status == 1)
      #expect(outcome.error.hasPrefix("storefront: \(server) has no Storefront API"), "\(command)")
      #expect(!outcome.error.contains("no longer exists"))
    }
  }
}
