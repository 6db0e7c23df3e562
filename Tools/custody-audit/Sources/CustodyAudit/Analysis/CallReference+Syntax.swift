import SwiftSyntax

extension CallReference {
  /// The call as the first pass records it, or `nil` for calls it cannot resolve by name
  /// (`.init()`, `super.f()`, a closure called in place).
  init?(_ call: FunctionCallExprSyntax) {
    var labels = call.arguments.map { $0.label?.text }
    if call.trailingClosure != nil { labels.append(nil) }
    labels += call.additionalTrailingClosures.map { $0.label.text }
    let callee = call.calledExpression
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      guard let first = name.first else { return nil }
      self =
        first.isUppercase
        ? CallReference(receiver: .type(name), name: "init", labels: labels)
        : CallReference(receiver: .implicit, name: name, labels: labels)
      return
    }
    if let generic = callee.as(GenericSpecializationExprSyntax.self) {
      guard let reference = generic.expression.as(DeclReferenceExprSyntax.self) else { return nil }
      self = CallReference(receiver: .type(reference.baseName.text), name: "init", labels: labels)
      return
    }
    guard let member = callee.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
    let name = member.declName.baseName.text
    if let reference = base.as(DeclReferenceExprSyntax.self) {
      let baseName = reference.baseName.text
      switch baseName {
      case "self": self = CallReference(receiver: .selfValue, name: name, labels: labels)
      case "Self": self = CallReference(receiver: .implicit, name: name, labels: labels)
      case "super": return nil
      default:
        let isType = baseName.first?.isUppercase == true
        self = CallReference(receiver: isType ? .type(baseName) : .value, name: name, labels: labels)
      }
      return
    }
    self = CallReference(receiver: .value, name: name, labels: labels)
  }

  /// Whether a declaration with `declared` labels takes this call's arguments: the same number,
  /// with the same labels in the same order (an unlabelled argument only for a `_` parameter).
  /// Syntax does not tell which parameters have defaults, so a call that leaves some out is not
  /// resolved: a missed helper costs less than a finding about a function the call never reaches.
  func fits(_ declared: [String?]) -> Bool {
    labels == declared
  }
}
