/// Generates the rest of a demo user's record (age, address, bank, company and so on) from
/// the user's id, so every run and every platform serves the same profile.
enum UserProfile {
  private static let maidenNames = ["Smith", "Clarke", "Reyes", "Novak", "Okafor", "Lindqvist", "Moreau", "Ito"]
  private static let bloodGroups = ["O-", "O+", "A-", "A+", "B-", "B+", "AB-", "AB+"]
  private static let eyeColors = ["Green", "Brown", "Blue", "Gray", "Amber", "Hazel"]
  private static let hairColors = ["Brown", "Black", "Blonde", "Red", "Gray", "Chestnut"]
  private static let hairTypes = ["Curly", "Straight", "Wavy", "Kinky"]
  private static let places = [
    ("Phoenix", "Arizona", "AZ"), ("Denver", "Colorado", "CO"), ("Austin", "Texas", "TX"),
    ("Portland", "Oregon", "OR"), ("Columbus", "Ohio", "OH"), ("Raleigh", "North Carolina", "NC"),
    ("Madison", "Wisconsin", "WI"), ("Boise", "Idaho", "ID"),
  ]
  private static let streets = ["Main Street", "Oak Avenue", "Maple Lane", "Cedar Road", "Pine Court", "Elm Way"]
  private static let universities = [
    "State University of the Plains", "Lakeside Institute of Technology", "Northern Coast College",
    "Riverbend University",
  ]
  private static let cardTypes = ["Visa", "Mastercard", "American Express", "Diners Club International"]
  private static let currencies = ["USD", "EUR", "GBP", "JPY", "CAD"]
  private static let departments = ["Engineering", "Marketing", "Sales", "Support", "Research and Development"]
  private static let companies = ["Harbor & Finch", "Lumen Works", "Northwind Traders", "Bluebird Logistics"]
  private static let jobTitles = ["Sales Manager", "Web Developer", "Support Specialist", "Product Designer"]
  private static let userAgents = [
    "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
  ]
  private static let networks = ["Ethereum (ERC20)", "Bitcoin", "Solana"]

  static func record(of user: DemoUser) -> [DemoUser.Field] {
    var random = SplitMix64(seed: 0x05E7_0F11, stream: UInt64(user.id))
    let age = random.int(in: 21...64)
    var fields: [DemoUser.Field] = []
    func add(_ name: String, _ write: (inout JSONWriter) -> Void) {
      var writer = JSONWriter()
      write(&writer)
      fields.append(DemoUser.Field(name: name, json: writer.bytes))
    }
    func text(_ name: String, _ value: String) { add(name) { $0.string(value) } }

    add("id") { $0.int(user.id) }
    text("firstName", user.firstName)
    text("lastName", user.lastName)
    text("maidenName", random.pick(maidenNames))
    add("age") { $0.int(age) }
    text("gender", user.gender)
    text("email", user.email)
    text("phone", "+1 \(digits(3, &random))-\(digits(3, &random))-\(digits(4, &random))")
    text("username", user.username)
    text("password", user.password)
    text("birthDate", "\(2025 - age)-\(random.int(in: 1...12))-\(random.int(in: 1...28))")
    text("image", user.image)
    text("bloodGroup", random.pick(bloodGroups))
    add("height") { $0.double(Double(random.int(in: 15_000...20_000)) / 100) }
    add("weight") { $0.double(Double(random.int(in: 5_000...11_000)) / 100) }
    text("eyeColor", random.pick(eyeColors))
    add("hair") { object(&$0, [("color", random.pick(hairColors)), ("type", random.pick(hairTypes))]) }
    text("ip", (0..<4).map { _ in String(random.int(in: 1...254)) }.joined(separator: "."))
    add("address") { address(&$0, &random) }
    text("macAddress", (0..<6).map { _ in hex(random.int(in: 0...255), width: 2) }.joined(separator: ":"))
    text("university", random.pick(universities))
    add("bank") { writer in
      object(
        &writer,
        [
          ("cardExpire", "\(hex(random.int(in: 1...12), width: 2, radix: 10))/\(random.int(in: 27...31))"),
          ("cardNumber", digits(16, &random)), ("cardType", random.pick(cardTypes)),
          ("currency", random.pick(currencies)), ("iban", "GB\(digits(2, &random))DEMO\(digits(14, &random))"),
        ])
    }
    add("company") { writer in
      writer.raw("{")
      for (index, (name, value)) in [
        ("department", random.pick(departments)), ("name", random.pick(companies)), ("title", random.pick(jobTitles)),
      ].enumerated() {
        writer.key(name, first: index == 0)
        writer.string(value)
      }
      writer.key("address")
      address(&writer, &random)
      writer.raw("}")
    }
    text("ein", "\(digits(3, &random))-\(digits(3, &random))")
    text("ssn", "\(digits(3, &random))-\(digits(3, &random))-\(digits(3, &random))")
    text("userAgent", random.pick(userAgents))
    add("crypto") { writer in
      let wallet = "0x" + (0..<20).map { _ in hex(random.int(in: 0...255), width: 2) }.joined()
      object(&writer, [("coin", "Bitcoin"), ("wallet", wallet), ("network", random.pick(networks))])
    }
    text("role", user.id == 1 ? "admin" : user.id <= 3 ? "moderator" : "user")
    return fields
  }

  private static func address(_ writer: inout JSONWriter, _ random: inout SplitMix64) {
    let (city, state, code) = random.pick(places)
    writer.raw("{")
    writer.key("address", first: true)
    writer.string("\(random.int(in: 1...9_999)) \(random.pick(streets))")
    for (name, value) in [("city", city), ("state", state), ("stateCode", code), ("postalCode", digits(5, &random))] {
      writer.key(name)
      writer.string(value)
    }
    writer.raw(",\"coordinates\":{\"lat\":")
    writer.double(Double(random.int(in: -90_000_000...90_000_000)) / 1_000_000)
    writer.raw(",\"lng\":")
    writer.double(Double(random.int(in: -180_000_000...180_000_000)) / 1_000_000)
    writer.raw("},\"country\":\"United States\"}")
  }

  private static func object(_ writer: inout JSONWriter, _ pairs: [(String, String)]) {
    writer.raw("{")
    for (index, (name, value)) in pairs.enumerated() {
      writer.key(name, first: index == 0)
      writer.string(value)
    }
    writer.raw("}")
  }

  private static func digits(_ count: Int, _ random: inout SplitMix64) -> String {
    String((0..<count).map { _ in Character(String(random.int(in: 0...9))) })
  }

  private static func hex(_ value: Int, width: Int, radix: Int = 16) -> String {
    let text = String(value, radix: radix)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
