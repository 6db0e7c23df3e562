import Custody
import Foundation
import Testing

/// What `KeychainCredentialStorage` asks of the Keychain, checked where the Security framework
/// does not exist.
@Suite struct KeychainCredentialItemTests {
  let item = KeychainCredentialItem(service: "com.example.shop", account: "session")
  let credential = Credential(
    accessToken: "access-secret", refreshToken: "refresh-secret", expiresAt: Date(timeIntervalSince1970: 1_800_000_000))

  @Test func itemsAreGenericPasswordsNamedByServiceAndAccount() {
    #expect(
      item.identity == [.itemClass: .genericPassword, .service: .text("com.example.shop"), .account: .text("session")])
  }

  @Test func loadingAsksForTheBytesOfOneItem() {
    #expect(item.loadQuery == item.identity.merging([.returnData: .yes, .matchLimit: .one]) { $1 })
  }

  @Test func savedItemsAreReadableAfterFirstUnlockOnThisDeviceOnly() throws {
    let added = try item.addQuery(for: credential)
    let updated = try item.attributes(for: credential)

    #expect(added[.accessible] == .afterFirstUnlockThisDeviceOnly, "a background refresh reads it; no sync")
    #expect(updated[.accessible] == .afterFirstUnlockThisDeviceOnly)
    #expect(added.filter { item.identity.keys.contains($0.key) } == item.identity)
    #expect(updated[.itemClass] == nil, "an update changes the data, not the item's name")
  }

  @Test func theStoredBytesGiveTheCredentialBack() throws {
    guard case .data(let data)? = try item.attributes(for: credential)[.data] else {
      Issue.record("no data saved")
      return
    }
    #expect(KeychainCredentialItem.decode(data) == credential)
    #expect(KeychainCredentialItem.decode(Data("not a credential".utf8)) == nil)
  }

  @Test func aCredentialWithoutRefreshTokenOrExpiryRoundTrips() throws {
    let bare = Credential(accessToken: "a", refreshToken: nil, expiresAt: nil)
    #expect(KeychainCredentialItem.decode(try KeychainCredentialItem.encode(bare)) == bare)
  }
}
