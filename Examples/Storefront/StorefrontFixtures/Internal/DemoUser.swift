/// An account of the embedded backend: the public demo accounts of DummyJSON.
struct DemoUser: Sendable, Hashable {
  let id: Int
  let username: String
  let email: String
  let firstName: String
  let lastName: String
  let gender: String
  let image: String
  /// Compared at login; never written into a response.
  let password: String

  /// Writes the fields DummyJSON returns for a user (its token payload), without the braces
  /// so a login reply can append its tokens.
  func writeFields(to writer: inout JSONWriter) {
    writer.key("id", first: true)
    writer.int(id)
    for (name, value) in [
      ("username", username), ("email", email), ("firstName", firstName), ("lastName", lastName),
      ("gender", gender), ("image", image),
    ] {
      writer.key(name)
      writer.string(value)
    }
  }

  static func all(assetBase: String) -> [DemoUser] {
    let people = [
      ("emilys", "Emily", "Johnson", "female"), ("michaelw", "Michael", "Williams", "male"),
      ("sophiab", "Sophia", "Brown", "female"), ("jamesd", "James", "Davis", "male"),
      ("emmaj", "Emma", "Miller", "female"), ("oliviaw", "Olivia", "Wilson", "female"),
    ]
    return people.enumerated().map { index, person in
      let (username, first, last, gender) = person
      return DemoUser(
        id: index + 1, username: username, email: "\(first.lowercased()).\(last.lowercased())@x.dummyjson.com",
        firstName: first, lastName: last, gender: gender, image: "\(assetBase)/icon/\(username)/128",
        password: username + "pass")
    }
  }
}
