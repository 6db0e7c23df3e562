import Foundation

/// The Keychain item a ``Credential`` is kept in, described with plain values: the queries
/// ``KeychainCredentialStorage`` hands to the Security framework and the bytes it stores.
///
/// It compiles on every platform, so what is asked of the Keychain is checked where tests run;
/// the Security calls that take these values are a thin layer on Apple platforms only.
package struct KeychainCredentialItem: Sendable, Hashable {
  /// An attribute of a Keychain query (`kSecClass`, `kSecAttrService`, …).
  package enum Key: Sendable, Hashable {
    case itemClass, service, account, accessible, data, returnData, matchLimit
  }

  /// A value of a Keychain query attribute.
  package enum Value: Sendable, Hashable {
    /// `kSecClassGenericPassword`.
    case genericPassword
    /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`: readable from the first unlock after
    /// a restart, so a refresh can run in the background, and never copied to another device.
    case afterFirstUnlockThisDeviceOnly
    /// `kSecMatchLimitOne`.
    case one
    /// `true`.
    case yes
    case text(String)
    case data(Data)
  }

  package typealias Query = [Key: Value]

  package let service: String
  package let account: String

  package init(service: String, account: String) {
    self.service = service
    self.account = account
  }

  /// The attributes that name the item: its class, service and account.
  package var identity: Query {
    [.itemClass: .genericPassword, .service: .text(service), .account: .text(account)]
  }

  /// Finds the item and returns its bytes.
  package var loadQuery: Query {
    identity.merging([.returnData: .yes, .matchLimit: .one]) { _, new in new }
  }

  /// What an existing item is updated with to hold `credential`.
  package func attributes(for credential: Credential) throws -> Query {
    [.data: .data(try Self.encode(credential)), .accessible: .afterFirstUnlockThisDeviceOnly]
  }

  /// A new item holding `credential`.
  package func addQuery(for credential: Credential) throws -> Query {
    identity.merging(try attributes(for: credential)) { _, new in new }
  }

  /// The bytes stored for `credential`.
  package static func encode(_ credential: Credential) throws -> Data {
    try JSONEncoder().encode(credential)
  }

  /// The credential `data` holds, or `nil` when it holds none (written by something else).
  package static func decode(_ data: Data) -> Credential? {
    try? JSONDecoder().decode(Credential.self, from: data)
  }
}
