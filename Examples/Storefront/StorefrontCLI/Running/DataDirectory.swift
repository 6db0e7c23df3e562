import Foundation

/// Where the session, favourites and offline page are kept.
enum DataDirectory {
  /// `--data-dir` (relative to the working folder, `~` expanded), else
  /// `$XDG_DATA_HOME/storefront`, else `~/.local/share/storefront`.
  static func resolve(_ option: String?, environment: [String: String]) -> URL {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    if let option {
      let expanded = option == "~" || option.hasPrefix("~/") ? home + option.dropFirst() : option
      return URL(fileURLWithPath: expanded, isDirectory: true).standardizedFileURL
    }
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appending(path: "storefront", directoryHint: .isDirectory)
    }
    return URL(fileURLWithPath: home, isDirectory: true).appending(
      path: ".local/share/storefront", directoryHint: .isDirectory)
  }

  /// Fails when `url` exists and is not a folder, before anything is read or written there.
  static func check(_ url: URL) throws(CommandFailure) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw CommandFailure(
        "Cannot use \(url.path) as the data folder: it is a file, not a folder. "
          + "Choose another one with --data-dir PATH.")
    }
  }
}
