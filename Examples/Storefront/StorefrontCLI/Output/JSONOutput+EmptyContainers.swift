extension JSONOutput {
  /// `json` with every empty array and object written `[]` and `{}`.
  ///
  /// Foundation's pretty printer on Linux writes an empty array as `[`, a blank line and an
  /// indented `]`. Outside strings (which hold no raw line breaks) a bracket followed by
  /// nothing but white space up to its closing bracket is an empty container.
  static func closingEmptyContainers(_ json: String) -> String {
    var result = ""
    result.reserveCapacity(json.utf8.count)
    var isInString = false
    var isEscaped = false
    var index = json.startIndex
    while index < json.endIndex {
      let character = json[index]
      index = json.index(after: index)
      result.append(character)
      if isInString {
        if isEscaped {
          isEscaped = false
        } else if character == "\\" {
          isEscaped = true
        } else if character == "\"" {
          isInString = false
        }
        continue
      }
      if character == "\"" {
        isInString = true
      } else if character == "[" || character == "{" {
        let closer: Character = character == "[" ? "]" : "}"
        let rest = json[index...]
        if let end = rest.firstIndex(where: { !$0.isWhitespace }), rest[end] == closer {
          result.append(closer)
          index = json.index(after: end)
        }
      }
    }
    return result
  }
}
