import CustodyHTTP

extension HTTPErrorMessage {
  /// The Storefront API explains every error as `{"message": …}`.
  static let storefront = HTTPErrorMessage.jsonField("message")
}
