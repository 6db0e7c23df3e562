#if canImport(SwiftUI) && !os(watchOS) && !os(tvOS)
  import Foundation

  /// Where the app keeps its files on a device: a folder in Application Support, excluded from
  /// backups, so the session file never leaves the device in an iCloud or computer backup. With
  /// ``StorefrontConfiguration/credentialStorage`` set to the Keychain, that file names the user
  /// only and the tokens are in the Keychain.
  public enum DeviceDataDirectory {
    /// Creates the folder if needed, marks it excluded from backups and returns it; pass it as
    /// ``StorefrontConfiguration/dataDirectory``.
    ///
    /// - Throws: The file system's error when the folder cannot be created or marked.
    public static func prepare() throws -> URL {
      var folder = URL.applicationSupportDirectory.appending(path: "Storefront", directoryHint: .isDirectory)
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      var values = URLResourceValues()
      values.isExcludedFromBackup = true
      try folder.setResourceValues(values)
      return folder
    }
  }
#endif
