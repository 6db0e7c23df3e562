import SwiftSyntax

/// Walks one unit of work (a function body, a task's closure) and records what runs inline in
/// it: heavy operations, suspension points and calls. Nested declarations, and closures that run
/// elsewhere (tasks, child tasks, dispatched blocks, closures given to awaited calls), are not
/// part of the unit and are skipped.
final class InlineScanner: SyntaxVisitor {
  private(set) var hits: [HeavyHit] = []
  /// Offsets of each `await` and `for await`.
  private(set) var suspensions: [Int] = []
  private(set) var calls: [CallReference] = []
  private(set) var callNodes: [(reference: CallReference, node: FunctionCallExprSyntax)] = []

  /// The transforms a chain is made of; two or more in a row count as heavy.
  fileprivate static let transforms: Set<String> = ["map", "filter", "compactMap", "flatMap", "reduce", "sorted"]
  private static let formatting: Set<String> = ["formatted", "string"]

  init() { super.init(viewMode: .sourceAccurate) }

  /// Scans `body`.
  static func scan(_ body: some SyntaxProtocol) -> InlineScanner {
    let scanner = InlineScanner()
    scanner.walk(body)
    return scanner
  }

  /// The first suspension point, as an offset.
  var firstSuspension: Int? { suspensions.min() }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    // A completion handler, an observer or a stage of a Combine pipeline runs later, per event,
    // where its API calls it: it is not work of the code that sets it up.
    // A view's content closure (`Form { }`, `VStack { }`) is built with the view, when `body` runs.
    guard ClosureLaunch(node).runsInline, !node.isPublisherStage else { return .skipChildren }
    if node.escapesAsCallback, node.receivingCall?.calleeName?.first?.isUppercase != true { return .skipChildren }
    return .visitChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
    suspensions.append(node.positionAfterSkippingLeadingTrivia.utf8Offset)
    return .visitChildren
  }

  override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
    if node.awaitKeyword != nil { suspensions.append(node.positionAfterSkippingLeadingTrivia.utf8Offset) }
    if InlineScanner.containsFormatting(node.body) {
      record(.formattingLoop, "for…formatted", at: Syntax(node.forKeyword))
    }
    return .visitChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let reference = CallReference(node) {
      calls.append(reference)
      callNodes.append((reference, node))
    }
    classify(node)
    return .visitChildren
  }

  private func classify(_ call: FunctionCallExprSyntax) {
    let firstLabel = call.arguments.first?.label?.text
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      if name == "Dictionary", firstLabel == "grouping" {
        record(.grouping, "Dictionary(grouping:)", at: Syntax(call))
      } else if name == "sorted" || name == "sort" {
        // A collection's own member, called on implicit `self` in an extension.
        record(.sorting, name, at: Syntax(reference))
      }
      return
    }
    if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
      generic.expression.trimmedDescription == "Dictionary", firstLabel == "grouping"
    {
      record(.grouping, "Dictionary(grouping:)", at: Syntax(call))
      return
    }
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return }
    let name = member.declName.baseName.text
    let at = Syntax(member.declName)
    let base = member.base?.trimmedDescription ?? ""
    switch name {
    case "sorted", "sort": record(.sorting, name, at: at)
    case "chunked", "chunks": record(.chunking, name, at: at)
    case "decode" where call.arguments.first?.expression.trimmedDescription.hasSuffix(".self") == true:
      record(.decoding, "decode", at: at)
    case "encode" where base.hasSuffix("Encoder()") || base.lowercased().hasSuffix("encoder"):
      record(.decoding, "encode", at: at)
    case _ where base == "JSONSerialization" || base == "PropertyListSerialization":
      record(.decoding, "\(base).\(name)", at: at)
    default: break
    }
    guard InlineScanner.transforms.contains(name) || name == "forEach", !call.continuesChain else { return }
    let chain = call.chainNames
    if chain.count >= 2 { record(.transformChain, chain.joined(separator: "."), at: at) }
    // `date.map { $0.formatted() }` maps an optional, not a collection: only a plural receiver
    // (`products.map`, `$0.reviews.forEach`) or a chain counts as a loop.
    if ["map", "compactMap", "flatMap", "forEach"].contains(name),
      member.base?.looksLikeCollection == true,
      let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self),
      InlineScanner.containsFormatting(closure)
    {
      record(.formattingLoop, "\(name)…formatted", at: at)
    }
  }

  private func record(_ operation: HeavyOperation, _ name: String, at node: Syntax) {
    hits.append(
      HeavyHit(
        operation: operation, name: name, position: node.positionAfterSkippingLeadingTrivia.utf8Offset, node: node))
  }

  /// Whether `node` formats values: `.formatted(…)`, `String(format:)`, a formatter's
  /// `string(from:)` or `string(for:)`, or a `…Formatter()` made there.
  static func containsFormatting(_ node: some SyntaxProtocol) -> Bool {
    node.tokens(viewMode: .sourceAccurate).contains { token in
      guard case .identifier(let name) = token.tokenKind else { return false }
      if name == "formatted" { return token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period }
      if name.hasSuffix("Formatter") { return token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen }
      if name == "string", token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period,
        let label = token.nextToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate)
      {
        return label.text == "from" || label.text == "for"
      }
      if name == "String", let open = token.nextToken(viewMode: .sourceAccurate), open.tokenKind == .leftParen {
        return open.nextToken(viewMode: .sourceAccurate)?.text == "format"
      }
      return false
    }
  }
}

extension FunctionCallExprSyntax {
  /// Whether this call is the base of another transform in a chain (`xs.map { }` in
  /// `xs.map { }.filter { }`), so the chain is counted once, at its last call.
  fileprivate var continuesChain: Bool {
    guard let member = parent?.as(MemberAccessExprSyntax.self), member.base?.id == Syntax(self).id,
      let next = member.parent?.as(FunctionCallExprSyntax.self)
    else { return false }
    return next.chainLink != nil
  }

  /// The transform this call makes, if it is one: `map`, `filter`, …
  fileprivate var chainLink: String? {
    let name =
      calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      ?? calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
    return InlineScanner.transforms.contains(name) ? name : nil
  }

  /// The transforms of the chain that ends at this call, first to last; `.lazy` is looked through.
  fileprivate var chainNames: [String] {
    var names: [String] = []
    var expression: ExprSyntax? = ExprSyntax(self)
    while let current = expression {
      if let call = current.as(FunctionCallExprSyntax.self), let link = call.chainLink {
        names.append(link)
        expression = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
      } else if let member = current.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "lazy" {
        expression = member.base
      } else if let unwrap = current.as(OptionalChainingExprSyntax.self) {
        expression = unwrap.expression
      } else {
        break
      }
    }
    return names.reversed()
  }
}

extension ExprSyntax {
  /// Whether the expression names a collection by its look: a plural name (`products`,
  /// `self.rows`), or the result of another call (`rows.filter { }`).
  fileprivate var looksLikeCollection: Bool {
    if self.is(FunctionCallExprSyntax.self) || self.is(ArrayExprSyntax.self) { return true }
    let name =
      self.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      ?? self.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
    return name.count > 2 && name.hasSuffix("s") && !name.hasSuffix("ss")
  }
}

extension ClosureExprSyntax {
  /// Combine operators: a chain with one of them is a publisher pipeline, whose `map { }` and
  /// `filter { }` run per event, not when the chain is built.
  private static let publisherOperators: Set<String> = [
    "sink", "assign", "store", "eraseToAnyPublisher", "receive", "subscribe", "debounce", "throttle",
    "removeDuplicates", "combineLatest", "merge", "switchToLatest", "tryMap", "flatMapLatest", "share",
    "handleEvents", "replaceError", "setFailureType", "compactMapValues", "publisher", "values",
  ]

  /// Whether the closure is given to a stage of a Combine pipeline: the chain of calls it is
  /// part of starts at `Publishers.…` or a `$projected` value, or has a Combine operator.
  var isPublisherStage: Bool {
    guard let call = receivingCall, call.calledExpression.is(MemberAccessExprSyntax.self) else { return false }
    var names: [String] = []
    // Outward: the calls this one is the base of (`.map { }.sink { }`).
    var node = Syntax(call)
    while let parent = node.parent {
      if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
        names.append(member.declName.baseName.text)
      } else if let outer = parent.as(FunctionCallExprSyntax.self), outer.calledExpression.id == node.id {
      } else if !parent.is(OptionalChainingExprSyntax.self) && !parent.is(ForceUnwrapExprSyntax.self) {
        break
      }
      node = parent
    }
    // Inward: the calls and names this one is made on (`$text.debounce(…).map { }`).
    var expression = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
    while let current = expression {
      if let inner = current.as(FunctionCallExprSyntax.self) {
        expression = inner.calledExpression
      } else if let member = current.as(MemberAccessExprSyntax.self) {
        names.append(member.declName.baseName.text)
        expression = member.base
      } else if let unwrapped = current.as(OptionalChainingExprSyntax.self) {
        expression = unwrapped.expression
      } else {
        let root = current.trimmedDescription
        if root == "Publishers" || root.hasPrefix("$") { return true }
        break
      }
    }
    return names.contains { ClosureExprSyntax.publisherOperators.contains($0) }
  }
}
