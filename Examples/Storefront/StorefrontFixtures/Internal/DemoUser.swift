/// An account of the embedded backend: the public demo accounts of DummyJSON, each with a
/// generated profile.
struct DemoUser: Sendable {
  /// One field of the full user record, already encoded.
  struct Field: Sendable {
    var name: String
    var json: [UInt8]
  }

  let id: Int
  let username: String
  let email: String
  let firstName: String
  let lastName: String
  let gender: String
  let image: String
  /// Compared at login. The full record carries it too, as the public service's does.
  let password: String
  /// Every field of `/users/{id}` and `/auth/me`, in the public service's order.
  private(set) var record: [Field] = []

  /// Writes the fields DummyJSON returns for a user at login (its token payload), without
  /// the braces so a login reply can put its tokens first.
  func writeFields(to writer: inout JSONWriter, first: Bool = true) {
    writer.key("id", first: first)
    writer.int(id)
    for (name, value) in [
      ("username", username), ("email", email), ("firstName", firstName), ("lastName", lastName),
      ("gender", gender), ("image", image),
    ] {
      writer.key(name)
      writer.string(value)
    }
  }

  /// Writes the full record, or `id` and the `select`ed fields.
  func writeRecord(to writer: inout JSONWriter, select: [String]? = nil) {
    writer.raw("{")
    var first = true
    for field in record where select?.contains(field.name) ?? true {
      writer.key(field.name, first: first)
      writer.raw(field.json)
      first = false
    }
    writer.raw("}")
  }

  static func all(assetBase: String) -> [DemoUser] {
    let people = [
      ("emilys", "Emily", "Johnson", "female"), ("michaelw", "Michael", "Williams", "male"),
      ("sophiab", "Sophia", "Brown", "female"), ("jamesd", "James", "Davis", "male"),
      ("emmaj", "Emma", "Miller", "female"), ("oliviaw", "Olivia", "Wilson", "female"),
      ("alexanderj", "Alexander", "Jones", "male"), ("avat", "Ava", "Taylor", "female"),
      ("ethanm", "Ethan", "Martinez", "male"), ("isabellad", "Isabella", "Anderson", "female"),
    ]
    return people.enumerated().map { index, person in
      let (username, first, last, gender) = person
      var user = DemoUser(
        id: index + 1, username: username, email: "\(first.lowercased()).\(last.lowercased())@x.dummyjson.com",
        firstName: first, lastName: last, gender: gender, image: "\(assetBase)/icon/\(username)/128",
        password: username + "pass")
      user.record = UserProfile.record(of: user)
      return user
    }
  }
}
