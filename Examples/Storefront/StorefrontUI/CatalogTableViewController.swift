#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  import Custody
  import Observation
  import Storefront
  import UIKit

  /// The catalog for teams still on UIKit, a complete screen: it appears, paginates, refreshes
  /// and sorts through ``CatalogLifecycle``, and shows the rows ``CatalogTableRows`` works out.
  ///
  /// Observation drives it: `withObservationTracking` applies the screen again whenever the view
  /// model's state changes, reconfiguring the cells of products that changed.
  ///
  /// ```swift
  /// let catalog = CatalogTableViewController(lifecycle: screens.catalog) { id in
  ///   navigationController.pushViewController(
  ///     UIHostingController(rootView: ProductDetailView(model: screens.detail(for: id))), animated: true)
  /// }
  /// ```
  @MainActor
  public final class CatalogTableViewController: UITableViewController {
    private static let cellIdentifier = "product"
    private let lifecycle: CatalogLifecycle
    private let open: (Product.ID) -> Void
    private var rows = CatalogTableRows()
    private var dataSource: UITableViewDiffableDataSource<Int, Product.ID>?
    private let messageLabel = UILabel()

    /// - Parameters:
    ///   - lifecycle: The catalog's lifecycle, made once by ``StorefrontScreens``.
    ///   - open: Shows the product the user picked.
    public init(lifecycle: CatalogLifecycle, open: @escaping (Product.ID) -> Void) {
      self.lifecycle = lifecycle
      self.open = open
      super.init(style: .plain)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override public func viewDidLoad() {
      super.viewDidLoad()
      title = "Catalog"
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
      dataSource = UITableViewDiffableDataSource(tableView: tableView) { [weak self] tableView, indexPath, id in
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = self?.rows[id]?.title
        content.secondaryText = self?.rows[id]?.category
        cell.contentConfiguration = content
        return cell
      }
      messageLabel.numberOfLines = 0
      messageLabel.textColor = .systemRed
      messageLabel.frame.size.height = 60
      tableView.tableFooterView = messageLabel
      let refreshControl = UIRefreshControl()
      refreshControl.addTarget(self, action: #selector(pulledToRefresh), for: .valueChanged)
      self.refreshControl = refreshControl
      navigationItem.rightBarButtonItem = UIBarButtonItem(
        title: "Sort", image: nil, primaryAction: nil, menu: UIMenu(children: sortActions()))
      observe()
    }

    override public func viewWillAppear(_ animated: Bool) {
      super.viewWillAppear(animated)
      lifecycle.screenWillAppear()
    }

    override public func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      lifecycle.screenDidDisappear()
    }

    override public func viewDidLayoutSubviews() {
      super.viewDidLayoutSubviews()
      reportLastRow()
    }

    override public func scrollViewDidScroll(_ scrollView: UIScrollView) {
      reportLastRow()
    }

    override public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      tableView.deselectRow(at: indexPath, animated: true)
      if let id = dataSource?.itemIdentifier(for: indexPath) { open(id) }
    }

    /// Applies the current screen, and again after each change of the view model's state.
    private func observe() {
      withObservationTracking {
        apply(lifecycle.model.state.value, message: lifecycle.model.message)
      } onChange: { [weak self] in
        Task { @MainActor in self?.observe() }
      }
    }

    private func apply(_ screen: CatalogScreen?, message: String?) {
      let changed = rows.replace(with: screen?.products ?? [])
      var snapshot = NSDiffableDataSourceSnapshot<Int, Product.ID>()
      snapshot.appendSections([0])
      snapshot.appendItems(rows.ids)
      snapshot.reconfigureItems(changed)
      dataSource?.apply(snapshot, animatingDifferences: false)
      messageLabel.text = message
      lifecycle.listChanged()
    }

    /// Tells the lifecycle whether the last row shows, which is when the next page loads.
    private func reportLastRow() {
      let last = rows.ids.count - 1
      lifecycle.nextPageRow(isVisible: tableView.indexPathsForVisibleRows?.contains { $0.row == last } ?? false)
    }

    @objc private func pulledToRefresh() {
      Task {
        await lifecycle.model.refresh()
        refreshControl?.endRefreshing()
      }
    }

    private func sortActions() -> [UIAction] {
      let orders: [(String, ProductSort?)] =
        [("Default order", nil)] + ProductSort.Field.allCases.map { ($0.rawValue.capitalized, ProductSort($0)) }
      return orders.map { title, sort in
        UIAction(title: title) { [weak self] _ in
          Task { @MainActor in await self?.lifecycle.model.setSort(sort) }
        }
      }
    }
  }
#endif
