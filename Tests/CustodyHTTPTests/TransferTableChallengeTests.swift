import Foundation
import Testing

@testable import CustodyHTTP

/// How a collected transfer ends after a challenge handler answered a challenge.
@Suite struct TransferTableChallengeTests {
  var table = TransferTable<String>(limit: 100)

  @Test mutating func aCredentialGivenForA401DropsThe401sBody() {
    table.create(1)
    _ = table.start(1, waiter: "caller")
    _ = table.receiveResponse(1, expectedLength: 12)
    _ = table.receive(1, data: Data("Unauthorized".utf8))
    table.answerChallenge(1)
    _ = table.receiveResponse(1, expectedLength: 2)
    _ = table.receive(1, data: Data("{}".utf8))
    let end = table.complete(1, error: nil)

    guard case (_, .response(let body))? = end else {
      Issue.record("expected a response, got \(String(describing: end))")
      return
    }
    #expect(body == Data("{}".utf8))
  }

  @Test mutating func aRefusedChallengeFailsWithItsCodeNotAsACancellation() {
    table.create(1)
    _ = table.start(1, waiter: "caller")
    table.refuseChallenge(1, code: .serverCertificateUntrusted)
    let end = table.complete(1, error: URLError(.cancelled))

    guard case (_, .failed(let error))? = end else {
      Issue.record("expected a failure, got \(String(describing: end))")
      return
    }
    #expect(
      HTTPError(transportError: error)
        == .transport(code: -1202, reason: "a secure connection could not be established"))
  }
}
