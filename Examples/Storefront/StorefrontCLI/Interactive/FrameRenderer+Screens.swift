import Foundation
import Storefront

extension FrameRenderer {
  /// The lines of the current screen, each at most `region.width` cells wide: at most
  /// `region.height` of them, but every line of a screen that scrolls (``BrowserSnapshot/Screen/scrolls``).
  static func body(_ snapshot: BrowserSnapshot, in region: Region, style: Style) -> [String] {
    let width = region.width
    switch snapshot.screen {
    case .catalog:
      return table(snapshot, in: region, style: style)
    case .search(let query):
      var body = [style.bold("Search: ") + field(query, width: width - 8)]
      if query.text.trimmingCharacters(in: .whitespaces).isEmpty {
        let recall = snapshot.lastSearch.map { " ↑ brings back “\($0)”." } ?? ""
        body.append(style.dim(fit("Type to search titles and descriptions." + recall, width)))
      } else if snapshot.rows.isEmpty {
        if !snapshot.isLoading && snapshot.failure == nil { body.append(style.dim("No products match.")) }
      } else {
        body += table(snapshot, in: Region(width: width, height: region.height - 1), style: style)
      }
      return body
    case .detail(let product, let isFavorite, let isLoading):
      guard let product else {
        let failed = snapshot.failure != nil && !isLoading
        return [style.dim(failed ? " This product could not be loaded. Press r to try again." : " Loading…")]
      }
      let text = ProductFormatting.detail(product, isFavorite: isFavorite, style: .plain, width: width - 2)
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      // The title is wrapped, not cut: it is what the screen is about.
      let title = lines.first.map { ProductFormatting.wrap($0, width: width - 2) } ?? []
      if !lines.isEmpty { lines.replaceSubrange(0..<1, with: title) }
      var body = lines.map { fit(" " + $0, width) }
      while body.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { body.removeLast() }
      for index in body.indices.prefix(title.count) { body[index] = style.bold(body[index]) }
      return body
    case .edit(let productTitle, let title, let price, let field, let problem):
      var body = [
        style.bold(fit(" Edit “\(productTitle)”", width)), "",
        formField("Title", title, active: field == 0, width: width, style: style),
        formField("Price", price, active: field == 1, width: width, style: style), "",
      ]
      if let problem { body.append(style.failure(fit(" " + problem, width))) }
      return body
    case .login(let username, let password, let field):
      return [
        style.bold(" Sign in"), "",
        formField("Username", username, active: field == 0, width: width, style: style),
        formField("Password", password, active: field == 1, width: width, style: style),
        "", style.dim(fit(" " + demoAccount(snapshot.backendName), width)),
      ]
    case .categories(let names, let listed):
      return categories(names, listed: listed, snapshot: snapshot, in: region, style: style)
    case .help:
      return help(width: width, style: style, devtools: snapshot.devtoolsAddress)
    case .warnings(let problems):
      return warnings(problems, width: width, style: style)
    }
  }

  /// The product table: a header line (when there is room for a row below it), then the rows
  /// that fit, the selected one on screen. In colour the selected row shows in reverse video;
  /// without colour (`NO_COLOR`, `--no-color`) a `>` in a gutter marks it
  /// (``BrowserSnapshot/marksSelection``), which every terminal, screen reader and copied text shows.
  private static func table(_ snapshot: BrowserSnapshot, in region: Region, style: Style) -> [String] {
    let gutter = snapshot.marksSelection ? 2 : 0
    let width = region.width - gutter
    let table = ProductFormatting.table(snapshot.rows, favorites: snapshot.favorites)
    let widths = table.widths(fitting: width)
    let hasHeader = region.height >= 2
    let titles = String(repeating: " ", count: gutter) + table.line(table.columns.map(\.title), widths)
    var lines = hasHeader ? [style.dim(fit(titles, region.width))] : []
    let visible = max(region.height - lines.count, 1)
    let first = firstVisibleRow(selection: snapshot.selection, visible: visible, count: table.rows.count)
    for index in table.rows.indices.dropFirst(first).prefix(visible) {
      let selected = index == snapshot.selection
      let mark = gutter == 0 ? "" : selected ? "> " : "  "
      let line = mark + fit(table.line(table.rows[index], widths), width)
      if selected {
        let padding = String(repeating: " ", count: max(region.width - DisplayWidth.of(line), 0))
        lines.append(style.selected(line + padding))
      } else if snapshot.favorites.contains(snapshot.rows[index].id) {
        lines.append(style.favorite(line))
      } else {
        lines.append(line)
      }
    }
    return lines
  }

  /// The category list: a title, then the entries that fit, the selected one on screen and
  /// marked as a table's row is; the one listed now says so.
  private static func categories(
    _ names: [String], listed: Int, snapshot: BrowserSnapshot, in region: Region, style: Style
  ) -> [String] {
    var lines = [style.bold(fit(" List the products of", region.width))]
    let visible = max(region.height - 1, 1)
    let first = firstVisibleRow(selection: snapshot.selection, visible: visible, count: names.count)
    for index in names.indices.dropFirst(first).prefix(visible) {
      let selected = index == snapshot.selection
      let mark = snapshot.marksSelection ? (selected ? "> " : "  ") : " "
      let line = fit(mark + TerminalText.inert(names[index]) + (index == listed ? "  ✓ listed now" : ""), region.width)
      let padding = String(repeating: " ", count: max(region.width - DisplayWidth.of(line), 0))
      lines.append(selected ? style.selected(line + padding) : line)
    }
    return lines
  }

  /// Which demo account the sign-in form suggests: the embedded backend and the public
  /// service have `emilys`; another server's accounts are its own.
  static func demoAccount(_ backendName: String) -> String {
    switch backendName {
    case "embedded": "The embedded backend's demo account: emilys / emilyspass"
    case "dummyjson.com": "The demo account of dummyjson.com: emilys / emilyspass"
    default: "Sign in with an account of " + backendName + "."
    }
  }

  private static func formField(
    _ label: String, _ value: LineEditor, active: Bool, width: Int, style: Style
  ) -> String {
    let prefix = " \(active ? "▸" : " ") \(label): "
    let prefixWidth = DisplayWidth.of(prefix)
    let text = prefix + (active ? field(value, width: width - prefixWidth) : fit(value.text, width - prefixWidth))
    return active ? style.bold(text) : text
  }

  /// A field's text with a bar at its cursor, scrolled so the cursor shows within `width` cells.
  static func field(_ value: LineEditor, width: Int) -> String {
    let shown = value.visible(in: width)
    return shown.before + "▏" + shown.after
  }
}
