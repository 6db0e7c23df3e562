#if canImport(Security)
  import Foundation
  import Security

  /// Why a ``KeychainCredentialStorage`` could not read or write the Keychain.
  public enum KeychainCredentialError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The Keychain refused `operation` ("read", "save" or "delete") with `status`, an `OSStatus`.
    case keychain(operation: String, status: Int32)
    /// The item holds bytes that are not a credential.
    case unreadable

    public var description: String {
      switch self {
      case .keychain(let operation, let status):
        "The Keychain could not \(operation) the saved sign-in (status \(status)). If the device is locked, try "
          + "again after unlocking it; otherwise sign in again."
      case .unreadable:
        "The saved sign-in in the Keychain is not one this app wrote. Sign in again to replace it."
      }
    }
  }

  /// Keeps a ``Credential`` in the Keychain, as a generic password item that only this device
  /// can read, from the first unlock after a restart, so a refresh can run in the background.
  ///
  /// On Apple platforms this is the place for a session's tokens, rather than a file: Keychain
  /// items are encrypted with the device's keys and this one never moves to another device.
  /// Wire it into a ``TokenStore`` as its `persist` function:
  ///
  /// ```swift
  /// let keychain = KeychainCredentialStorage(service: "com.example.shop", account: "session")
  /// let tokens = TokenStore(credential: try? keychain.load(), persist: { try? keychain.save($0) }) { old in
  ///   try await auth.refresh(old)
  /// }
  /// ```
  public struct KeychainCredentialStorage: Sendable {
    private let item: KeychainCredentialItem

    /// Names the item: `service` is usually the app's bundle identifier, `account` which
    /// session it holds.
    public init(service: String, account: String) {
      item = KeychainCredentialItem(service: service, account: account)
    }

    /// The saved credential, or `nil` when none is saved.
    ///
    /// - Throws: ``KeychainCredentialError`` when the Keychain refuses the read or the item is not a credential.
    public func load() throws(KeychainCredentialError) -> Credential? {
      var result: CFTypeRef?
      let status = SecItemCopyMatching(Self.dictionary(item.loadQuery), &result)
      switch status {
      case errSecSuccess:
        guard let data = result as? Data, let credential = KeychainCredentialItem.decode(data) else {
          throw .unreadable
        }
        return credential
      case errSecItemNotFound:
        return nil
      default:
        throw .keychain(operation: "read", status: status)
      }
    }

    /// Saves `credential` in place of the saved one; `nil` deletes the item.
    ///
    /// - Throws: ``KeychainCredentialError`` when the Keychain refuses the write.
    public func save(_ credential: Credential?) throws(KeychainCredentialError) {
      guard let credential else {
        let status = SecItemDelete(Self.dictionary(item.identity))
        guard status == errSecSuccess || status == errSecItemNotFound else {
          throw .keychain(operation: "delete", status: status)
        }
        return
      }
      let attributes: KeychainCredentialItem.Query
      let addQuery: KeychainCredentialItem.Query
      do {
        attributes = try item.attributes(for: credential)
        addQuery = try item.addQuery(for: credential)
      } catch {
        throw .unreadable
      }
      var status = SecItemUpdate(Self.dictionary(item.identity), Self.dictionary(attributes))
      if status == errSecItemNotFound {
        status = SecItemAdd(Self.dictionary(addQuery), nil)
      }
      guard status == errSecSuccess else { throw .keychain(operation: "save", status: status) }
    }

    /// `query` with the Security framework's keys and values.
    private static func dictionary(_ query: KeychainCredentialItem.Query) -> CFDictionary {
      var dictionary: [String: Any] = [:]
      for (key, value) in query {
        dictionary[name(of: key)] = object(for: value)
      }
      return dictionary as CFDictionary
    }

    private static func name(of key: KeychainCredentialItem.Key) -> String {
      switch key {
      case .itemClass: kSecClass as String
      case .service: kSecAttrService as String
      case .account: kSecAttrAccount as String
      case .accessible: kSecAttrAccessible as String
      case .data: kSecValueData as String
      case .returnData: kSecReturnData as String
      case .matchLimit: kSecMatchLimit as String
      }
    }

    private static func object(for value: KeychainCredentialItem.Value) -> Any {
      switch value {
      case .genericPassword: kSecClassGenericPassword
      case .afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
      case .one: kSecMatchLimitOne
      case .yes: true
      case .text(let text): text
      case .data(let data): data
      }
    }
  }
#endif
