/// The signed-in user.
public struct User: Sendable, Hashable, Codable, Identifiable {
  public var id: Int
  public var username: String
  public var email: String?
  public var firstName: String?
  public var lastName: String?

  public init(id: Int, username: String, email: String? = nil, firstName: String? = nil, lastName: String? = nil) {
    self.id = id
    self.username = username
    self.email = email
    self.firstName = firstName
    self.lastName = lastName
  }

  /// The name to show: first and last name when known, else the username.
  public var displayName: String {
    let name = [firstName, lastName].compactMap(\.self).joined(separator: " ")
    return name.isEmpty ? username : name
  }
}
