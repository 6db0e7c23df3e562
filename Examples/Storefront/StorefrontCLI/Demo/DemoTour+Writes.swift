import Custody
import CustodyHTTP
import Foundation
import Storefront
import StorefrontFixtures

extension DemoTour {
  /// Two edits of one product in flight; the second is saved, then the first fails. The product
  /// screen shows each edit from the moment it is made until it is saved or fails: every state
  /// it goes through is printed, and checked for the edits still pending.
  func composedWrites(in folder: URL) async throws {
    scene(
      5, "Two edits of one product in flight; the first fails", "ProductRepository: Cache writes",
      rules: ["M2", "M3", "M4"])
    var gate: ScriptedTransport?
    let (_, environment) = try await open(
      EmbeddedBackend.Configuration(), in: folder,
      transport: { backend in
        let held = ScriptedTransport(backend: backend, holds: { $0.method == .put })
        gate = held
        return held
      })
    guard let gate else { throw CommandFailure("The demo's transport was not made.") }
    let detail = ProductDetailViewModel(productID: 1, environment: environment)
    await detail.load()
    guard detail.state.value != nil else { throw CommandFailure(detail.message ?? "Product 1 did not load.") }
    let renamed = "Product One, Renamed"
    let price = 7.5
    let renaming = ScreenLog.Edit(number: 1) { $0.title == renamed }
    let repricing = ScreenLog.Edit(number: 2) { $0.price == price }
    var screen = ScreenLog(detail: detail)
    step(screen.record(pending: []))

    step("edit 1 renames it to “\(renamed)”; the server holds its answer…")
    let first = try edit(detail) { $0.title = renamed }
    await gate.waitForArrivals(1)
    step(screen.record(pending: [renaming]))
    step("edit 2 sets the price to \(ProductFormatting.price(price)); the server holds its answer too…")
    let second = try edit(detail) { $0.priceText = String(format: "%.2f", price) }
    await gate.waitForArrivals(2)
    step(screen.record(pending: [renaming, repricing]))
    step("the server saves edit 2")
    gate.pass(1)
    let secondSaved = await second.value
    step(screen.record(pending: [renaming]))
    step("the server fails edit 1 (500 Simulated failure)")
    gate.fail(0)
    let firstSaved = await first.value
    step(screen.record(pending: []))

    let lacking = screen.states.filter { !$0.holdsItsPendingEdits }.count
    if lacking == 0 {
      result("each of the \(screen.states.count) states the screen showed held every edit still pending")
    } else {
      step(
        style.warning(
          "✗ \(lacking) of the \(screen.states.count) states the screen showed lacked an edit still pending"))
    }
    let outcome = { (saved: Bool) in saved ? "was saved" : "failed" }
    result("edit 2 \(outcome(secondSaved)); edit 1 \(outcome(firstSaved)), and the screen that made it says why")
    let server = try await environment.repository.reloadProduct(id: 1)
    result(
      "read again, the server has “\(server.title)” at \(ProductFormatting.price(server.price)): edit 2, not edit 1")
  }

  /// Starts saving `change` to the product `detail` shows.
  private func edit(
    _ detail: ProductDetailViewModel, _ change: (EditableProduct) -> Void
  ) throws -> Task<Bool, Never> {
    guard let editor = detail.makeEditor() else { throw CommandFailure("The product has not loaded.") }
    change(editor)
    return Task { await detail.save(editor) }
  }
}

/// What the product screen showed, state after state, and the edits pending at each.
@MainActor
private struct ScreenLog {
  /// An edit being saved, and how to tell that a product shows it.
  struct Edit {
    let number: Int
    let isShown: (Product) -> Bool
  }

  struct State {
    let product: Product?
    let pending: [Edit]

    var holdsItsPendingEdits: Bool { product.map { product in pending.allSatisfy { $0.isShown(product) } } ?? false }
  }

  let detail: ProductDetailViewModel
  private(set) var states: [State] = []

  init(detail: ProductDetailViewModel) {
    self.detail = detail
  }

  /// Records what the screen shows now, with the edits pending; returns it as a line.
  mutating func record(pending: [Edit]) -> String {
    let state = State(product: detail.state.value, pending: pending)
    states.append(state)
    let shown = state.product.map { "“\($0.title)” at \(ProductFormatting.price($0.price))" } ?? "nothing"
    let numbers = pending.map { String($0.number) }
    let waiting =
      switch numbers.count {
      case 0: ""
      case 1: "  · edit \(numbers[0]) pending"
      default: "  · edits \(numbers.dropLast().joined(separator: ", ")) and \(numbers.last ?? "") pending"
      }
    let message = detail.message.map { "  · says “\($0)”" } ?? ""
    return "screen: \(shown)\(waiting)\(message)"
  }
}
