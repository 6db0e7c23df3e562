import Foundation

/// Helpers that turn libFuzzer's bytes into structured inputs.
public enum FuzzInput {
  /// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`.
  public static func data(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
    guard let bytes, count > 0 else { return Data() }
    return Data(bytes: bytes, count: count)
  }

  /// `data` split at NUL bytes or newlines, each part read as UTF-8 (invalid sequences repaired).
  public static func lines(_ data: Data) -> [String] {
    data.split(omittingEmptySubsequences: false) { $0 == 0 || $0 == 0x0A }
      .map { String(decoding: $0, as: UTF8.self) }
  }
}
