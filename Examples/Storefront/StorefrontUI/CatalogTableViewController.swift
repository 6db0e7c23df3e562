#if canImport(UIKit) && !os(watchOS)
  import Storefront
  import UIKit

  /// The pattern for teams still on UIKit: the controller applies a ``CatalogScreen`` and
  /// forwards intents; loading, ordering and failures stay in ``CatalogViewModel``.
  ///
  /// Observation drives it: `withObservationTracking` re-applies the screen whenever the view
  /// model's state changes.
  @MainActor
  public final class CatalogTableViewController: UITableViewController {
    private let model: CatalogViewModel
    private var dataSource: UITableViewDiffableDataSource<Int, Product.ID>?
    private var rows: [Product.ID: Product] = [:]

    public init(model: CatalogViewModel) {
      self.model = model
      super.init(style: .plain)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override public func viewDidLoad() {
      super.viewDidLoad()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "product")
      dataSource = UITableViewDiffableDataSource(tableView: tableView) { [weak self] tableView, indexPath, id in
        let cell = tableView.dequeueReusableCell(withIdentifier: "product", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = self?.rows[id]?.title
        content.secondaryText = self?.rows[id]?.category
        cell.contentConfiguration = content
        return cell
      }
      observe()
    }

    /// Applies the current screen, and again after each change of the view model's state.
    private func observe() {
      withObservationTracking {
        apply(model.state.value)
      } onChange: { [weak self] in
        Task { @MainActor in self?.observe() }
      }
    }

    private func apply(_ screen: CatalogScreen?) {
      let products = screen?.products ?? []
      rows = Dictionary(products.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
      var snapshot = NSDiffableDataSourceSnapshot<Int, Product.ID>()
      snapshot.appendSections([0])
      snapshot.appendItems(products.map(\.id))
      dataSource?.apply(snapshot, animatingDifferences: false)
    }
  }
#endif
