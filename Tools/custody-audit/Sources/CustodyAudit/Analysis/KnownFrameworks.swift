/// Framework types whose isolation the audit knows without reading their modules.
///
/// A type declared with one of these protocols in its own inheritance clause, or subclassing one
/// of these classes, is main-actor, as the compiler infers. `ObservableObject` is not here: it is
/// not isolated, and an `ObservableObject` model is main-actor only when it says so. `@Observable`
/// does not isolate a type either.
enum KnownFrameworks {
  static let mainActorProtocols: Set<String> = [
    // SwiftUI
    "View", "App", "Scene", "Commands", "ToolbarContent", "DynamicViewContent", "ViewModifier",
    "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable",
    "NSViewControllerRepresentable", "WKInterfaceObjectRepresentable",
    // UIKit and AppKit
    "UIApplicationDelegate", "UISceneDelegate", "UIWindowSceneDelegate", "UITableViewDataSource",
    "UITableViewDelegate", "UICollectionViewDataSource", "UICollectionViewDelegate",
    "UICollectionViewDelegateFlowLayout", "UITextFieldDelegate", "UITextViewDelegate", "UISearchBarDelegate",
    "UISearchResultsUpdating", "UIScrollViewDelegate", "UINavigationControllerDelegate",
    "UIAdaptivePresentationControllerDelegate", "UIContentView", "NSApplicationDelegate", "NSWindowDelegate",
    "NSTableViewDataSource", "NSTableViewDelegate",
  ]

  static let mainActorClasses: Set<String> = [
    "UIResponder", "UIApplication", "UIWindow", "UIWindowScene", "UIView", "UIControl", "UIButton", "UILabel",
    "UIImageView", "UIScrollView", "UITableView", "UICollectionView", "UITableViewCell", "UICollectionViewCell",
    "UICollectionReusableView", "UIStackView", "UITextField", "UITextView", "UIViewController",
    "UITableViewController", "UICollectionViewController", "UINavigationController", "UITabBarController",
    "UIPageViewController", "UISplitViewController", "UISearchController", "UIAlertController",
    "UIHostingController", "UIHostingConfiguration", "NSResponder", "NSApplication", "NSWindow", "NSView",
    "NSControl", "NSButton", "NSTextField", "NSTableView", "NSCollectionView", "NSViewController",
    "NSWindowController", "NSHostingController", "NSHostingView", "NSTableCellView", "NSCollectionViewItem",
  ]
}
