import Foundation

/// The httpbin server that `scripts/test` starts, on two loopback addresses.
///
/// Tests that need it are enabled only when `CUSTODY_HTTPBIN_URL` and `CUSTODY_HTTPBIN_URL_2`
/// are set; without them they are skipped with a reason that names `scripts/test`.
enum HTTPBin {
  /// The server on 127.0.0.1.
  static let url = environmentURL("CUSTODY_HTTPBIN_URL")
  /// The same server reached on another host (127.0.0.2), for cross-host redirects.
  static let otherHostURL = environmentURL("CUSTODY_HTTPBIN_URL_2")

  static var isAvailable: Bool { url != nil && otherHostURL != nil }

  private static func environmentURL(_ name: String) -> URL? {
    ProcessInfo.processInfo.environment[name].flatMap { URL(string: $0) }
  }
}
