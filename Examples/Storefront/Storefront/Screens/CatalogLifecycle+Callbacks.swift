import Custody

extension CatalogLifecycle {
  /// The screen is about to show, for frameworks that report appearance with callbacks (UIKit's
  /// `viewWillAppear`): runs ``appeared()`` until ``screenDidDisappear()``.
  public func screenWillAppear() {
    appearance.start { await self.appeared() }
  }

  /// The screen went away (UIKit's `viewDidDisappear`): a first load that has not finished and
  /// a next page in flight are abandoned; favourites and edits are still followed.
  public func screenDidDisappear() {
    appearance.cancel()
    nextPageRow(isVisible: false)
  }

  /// Whether the row at the end of the list is visible, for frameworks without `.task(id:)`
  /// (UIKit's table delegate). While it is, ``nextPageRowAppeared()`` runs again each time
  /// ``paginationKey`` changes, as SwiftUI's `.task(id:)` does; call ``listChanged()`` after
  /// each new state is shown so the key is compared.
  public func nextPageRow(isVisible: Bool) {
    isNextPageRowVisible = isVisible
    listChanged()
  }

  /// Compares ``paginationKey`` with the one the row last ran for and runs the row again when it
  /// changed, cancelling the earlier run; stops the row when it is no longer visible.
  public func listChanged() {
    guard isNextPageRowVisible else {
      pagination.cancel()
      paginatedKey = nil
      return
    }
    let key = paginationKey
    guard key != paginatedKey else { return }
    paginatedKey = key
    pagination.start { await self.nextPageRowAppeared() }
  }
}
