/// Every command and option of `storefront`: the one table the parser, the help and the
/// usage messages are made from.
public enum CommandTable {
  static let json = OptionSpec("json", "Print JSON instead of a table (see `storefront help json`).")

  /// Options every command accepts, before or after its name.
  public static let global: [OptionSpec] = [
    OptionSpec("server", "URL", "The API to use (default: the embedded backend; https://dummyjson.com is public)."),
    OptionSpec("latency", "MS", "Embedded backend only: wait this many milliseconds before each answer."),
    OptionSpec("failure-rate", "P", "Embedded backend only: fail this share of requests, 0 to 1, with a 500."),
    OptionSpec("token-lifetime", "SECONDS", "Embedded backend only: access tokens expire after this long."),
    OptionSpec("rate-limit", "N", "Embedded backend only: answer 429 beyond N requests in 10 seconds."),
    OptionSpec(
      "hold-saves", "Embedded backend only: hold each product save until storefront gets SIGUSR1, then fail it."),
    OptionSpec(
      "data-dir", "PATH", "The data folder (default: $XDG_DATA_HOME/storefront, else ~/.local/share/storefront)."),
    OptionSpec("no-color", "Never colour the output (also when NO_COLOR is set)."),
    OptionSpec("devtools", "Serve a live page of the app's owners; its address is printed on stderr."),
    OptionSpec("help", "Show help for storefront or for the command."),
    OptionSpec("version", "Print the version."),
  ]

  /// The subcommands, in the order `--help` lists them.
  public static let commands: [CommandSpec] = [
    CommandSpec(
      "products",
      options: [
        OptionSpec("limit", "N", "How many products to list, 1 to 500 (default 30)."),
        OptionSpec("skip", "N", "How many products to skip first (default 0)."),
        OptionSpec("sort", "price|rating|title", "Order by this field (default: by id)."),
        OptionSpec("order", "asc|desc", "The direction of --sort (default asc)."),
        OptionSpec("category", "SLUG", "Only this category (see `storefront categories`)."),
        json,
      ],
      summary: "List products of the catalog.",
      discussion: """
        Prints one page of the catalog: id, title, category, price, rating, and * for a favourite. \
        When the server cannot be reached, prints the saved first page instead, with a warning, if \
        it holds the page asked for. That page is the browser's own, the first 30 products in the \
        server's order, saved by the browser and by products with no options: other windows never \
        replace it.
        """),
    CommandSpec(
      "search", arguments: ["QUERY"], options: [json], summary: "Find products by title or description.",
      discussion: "Matches QUERY anywhere in the title or description, ignoring case; prints the first 30."),
    CommandSpec("product", arguments: ["ID"], options: [json], summary: "Show one product in full."),
    CommandSpec("categories", options: [json], summary: "List the categories."),
    CommandSpec(
      "login", arguments: ["USERNAME"],
      options: [OptionSpec("password-stdin", "Read the password from the first line of standard input.")],
      summary: "Sign in; the session is kept in the data directory.",
      discussion: """
        Asks for the password without echoing it when standard input is a terminal. The embedded \
        backend's accounts are emilys / emilyspass, michaelw / michaelwpass, sophiab, jamesd, emmaj \
        and oliviaw (password: the username followed by "pass").
        """),
    CommandSpec("logout", summary: "Sign out and forget the session."),
    CommandSpec(
      "whoami", options: [json], summary: "Show who is signed in, asking the server.",
      discussion: "An expired access token is renewed on the way; exits 1 when no one is signed in."),
    CommandSpec("favorites", options: [json], summary: "List your favourite products."),
    CommandSpec("favorite", arguments: ["ID..."], summary: "Mark products as favourites: `favorite 1 2 3`."),
    CommandSpec("unfavorite", arguments: ["ID..."], summary: "Unmark favourite products."),
    CommandSpec(
      "edit", arguments: ["ID"],
      options: [OptionSpec("title", "T", "The new title."), OptionSpec("price", "P", "The new price, such as 9.99.")],
      summary: "Change a product's title or price.",
      discussion: """
        The embedded backend keeps an edit only while one process runs: the next run serves the \
        generated catalog again. Use the interactive browser (press e) to see an edit in the list. \
        With --server the product is read again after the edit; exits 1 when the server did not \
        take a field or does not keep edits (the public DummyJSON service keeps none).
        """),
    CommandSpec(
      "demo", options: [OptionSpec("inspect", "Print each scene's owner events under it.")],
      summary: "A narrated tour of the architecture, with the numbers the server saw.",
      discussion: """
        Runs six scenes against a fresh embedded backend: coalesced requests, a stale load \
        dropped, a token refreshed once, a cancelled load, two edits that compose, and a restart \
        from the kept products. Ignores --server. With --inspect, prints under each scene the \
        events its owners reported, in order. Output on a terminal is wrapped to its width.
        """),
    CommandSpec(
      "stats", options: [json], summary: "Browse a little, then print what every owner of the app did.",
      discussion: """
        Runs a short scripted browse with the data folder's session (the first page, the next, a \
        refresh, three products opened on two screens at once, a search twice, the categories) and \
        prints each owner's counters: loads, joined callers, dropped pages, writes. For scripts.
        """),
    CommandSpec(
      "help", arguments: ["COMMAND?"], summary: "Show help for a command, or `help json` for the JSON shapes."),
  ]

  /// The command named `name`.
  public static func command(named name: String) -> CommandSpec? {
    commands.first { $0.name == name }
  }

  static func globalOption(named name: String) -> OptionSpec? {
    global.first { $0.name == name }
  }
}
