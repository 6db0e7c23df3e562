import Custody

extension BrowserApp {
  /// Opens or closes the inspector panel.
  func toggleInspector() {
    isInspecting.toggle()
    inspection.isShown = isInspecting
    if !isInspecting { inspectorPanel = nil }
  }

  /// Shows a new panel as owners report, at most ten times a second, for as long as the
  /// browser runs. Panels are built off the main actor; here they are only stored, and the
  /// next frame lays them out.
  func followInspector() async {
    await inspection.follow { [weak self] panel in
      guard let self, self.isInspecting else { return }
      self.inspectorPanel = panel
    }
  }

  /// The panel to draw, while it is open.
  var shownInspector: InspectorPanel? {
    isInspecting ? inspectorPanel ?? InspectorPanel() : nil
  }
}
