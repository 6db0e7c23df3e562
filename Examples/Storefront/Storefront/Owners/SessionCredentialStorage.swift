import Custody

/// Where a session keeps its credential apart from the session file: on Apple platforms the
/// Keychain (`KeychainCredentialStorage` conforms), so the tokens are encrypted
/// with the device's keys and never sit in a file.
///
/// The session file then holds only who is signed in. It stays the record that a session
/// exists: a credential found without it (an earlier installation's) is deleted.
///
/// Throw errors whose description is a sentence for the user: a storage that cannot be read at
/// start is reported with it in `StorefrontEnvironment/loadProblems`.
///
/// ```swift
/// var configuration = StorefrontConfiguration(baseURL: url, transport: URLSessionTransport(), dataDirectory: folder)
/// configuration.credentialStorage = { server in
///   KeychainCredentialStorage(service: "com.example.storefront", account: "session \(server)")
/// }
/// ```
///
/// Each server's session needs an item of its own, so the item's account names the server: a
/// credential is then never read for, nor sent to, a server that did not issue it.
public protocol SessionCredentialStorage: Sendable {
  /// The saved credential, or `nil` when none is saved.
  func load() throws -> Credential?
  /// Saves `credential` in place of the saved one; `nil` deletes it.
  func save(_ credential: Credential?) throws
}

#if canImport(Security)
  /// The Keychain item as the session's credential storage: its typed `load` and `save` meet
  /// the requirements as they are.
  extension KeychainCredentialStorage: SessionCredentialStorage {}
#endif
