import Foundation
import Testing

@testable import Custody
@testable import CustodyDevtools

/// The JSON the page reads: every field parses back to what was written, whatever the text.
@Suite
struct EventEncoderTests {
  private func parsed(_ json: JSONObject) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(json.finished()))
    return try #require(object as? [String: Any])
  }

  @Test(arguments: [
    "plain", "", "quote \" and backslash \\", "line\nfeed\r\ttab", "\u{0}\u{1F}\u{7F}",
    "separators \u{2028} and \u{2029}", "accents é ü and emoji 🛒", "\u{E2}\u{82}\u{AC} €", "a\u{301}",
  ])
  func stringsRoundTrip(_ text: String) throws {
    var json = JSONObject()
    json.add("text", text)
    #expect(try parsed(json)["text"] as? String == text)
    let bytes = json.finished()
    #expect(!bytes.contains(0x0A) && !bytes.contains(0x0D), "one line, as a server-sent event needs")
    #expect(!String(decoding: bytes, as: UTF8.self).contains("\u{2028}"))
  }

  @Test(arguments: [0, 7, -7, 1_234_567, Int.max, Int.min])
  func integersRoundTrip(_ number: Int) throws {
    var json = JSONObject()
    json.add("n", number)
    #expect(String(decoding: json.finished(), as: UTF8.self) == "{\"n\":\(number)}")
  }

  @Test(arguments: [
    (Duration.zero, "0"), (.milliseconds(5), "5"), (.microseconds(1_500), "1.5"),
    (.microseconds(1_050), "1.05"), (.microseconds(1_125), "1.125"), (.nanoseconds(1_999_600), "2"),
    (.nanoseconds(400), "0"), (.microseconds(-2_250), "-2.25"), (.seconds(90_061), "90061000"),
  ])
  func millisecondsAreWrittenToTheMicrosecond(_ duration: Duration, _ text: String) throws {
    var json = JSONObject()
    json.add("t", milliseconds: duration)
    #expect(String(decoding: json.finished(), as: UTF8.self) == "{\"t\":\(text)}")
  }

  @Test func fieldsKeepTheirOrderAndAFrameItsPrefixAndSuffix() {
    var json = JSONObject(prefix: "data: ")
    json.add("b", 1)
    json.add("a", "x")
    #expect(String(decoding: json.finished(suffix: "\n\n"), as: UTF8.self) == "data: {\"b\":1,\"a\":\"x\"}\n\n")
    #expect(JSONObject().text == "{}")
  }

  @Test func anEventIsOneFrameTheBrowserParses() throws {
    var encoder = EventEncoder(publicKeys: false, origin: .now)
    let owner = InspectedOwner(name: "products \"main\"", kind: .cache)
    let key = InspectedKey(42, of: owner)
    let event = OwnerEvent(owner: owner, kind: .started, key: key, time: .milliseconds(3), flight: 9)
    let frame = String(decoding: encoder.frame(.init(event: event, at: .now)), as: UTF8.self)
    #expect(frame.hasPrefix("data: {") && frame.hasSuffix("}\n\n"))
    let body = frame.dropFirst("data: ".count).dropLast(2)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    #expect(object["ownerName"] as? String == "products \"main\"")
    #expect(object["key"] as? String == "key 1", "redacted unless the app allows keys")
    #expect(object["flight"] as? Int == 9 && object["seq"] as? Int == 1)
  }
}
