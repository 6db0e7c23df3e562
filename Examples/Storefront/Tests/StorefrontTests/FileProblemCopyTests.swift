import Custody
import Foundation
import Storefront
import Testing

/// The warnings for a persisted file that could not be read at start.
@Suite
struct FileProblemCopyTests {
  struct Saved: Codable {
    var ids: [Int]
  }

  let file = URL(fileURLWithPath: "/data/favorites.json")
  let aside = URL(fileURLWithPath: "/data/favorites.json.corrupt-17")

  @Test(arguments: [
    ("{not json", "it is not valid JSON"),
    (#"{"names": []}"#, "“ids” is missing"),
    (#"{"ids": [1, "two"]}"#, "“ids.1” holds the wrong kind of value"),
    ("[]", "it holds the wrong kind of value"),
  ])
  func aDamagedFileSaysWhatIsWrongInPlainWords(contents: String, reason: String) throws {
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Saved.self, from: Data(contents.utf8))
    }
    let words = FailureCopy.fileProblem(FileStoreError.corrupt(file, movedTo: aside, underlying: error))
    #expect(
      words == "/data/favorites.json is damaged (\(reason)). It was moved aside as favorites.json.corrupt-17; "
        + "starting without it.")
  }

  @Test func aFileThatCouldNotBeMovedAsideSaysSo() {
    let error = DecodingError.dataCorrupted(
      .init(codingPath: [], debugDescription: "The given data was not valid JSON."))
    let words = FailureCopy.fileProblem(FileStoreError.corrupt(file, movedTo: nil, underlying: error))
    #expect(words.hasSuffix("It could not be moved aside; starting without it."))
  }

  @Test func noSentenceEndsTwice() {
    let error = CocoaError(.fileReadNoPermission)
    let words = FailureCopy.fileProblem(FileStoreError.unreadable(file, movedTo: aside, underlying: error))
    #expect(words.hasPrefix("/data/favorites.json could not be read ("))
    #expect(!words.contains(".)") && !words.contains(".."))
  }
}
