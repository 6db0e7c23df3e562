/// The one page the server serves: markup, style and script in one string, with nothing
/// fetched from anywhere else. Every value from an event is set as text, never as markup.
enum DevtoolsPage {
  static func html(nonce: String) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    <title>Custody Devtools</title>
    <style nonce="\(nonce)">\(style)</style>
    </head>
    <body>
    <header>
      <h1>Custody Devtools</h1>
      <span id="status" class="status" data-state="connecting">connecting</span>
      <input id="filter" type="search" placeholder="Filter by owner or key" aria-label="Filter by owner or key">
      <button id="pause" type="button" aria-pressed="false">Pause</button>
      <span id="counts" class="muted"></span>
    </header>
    <main>
      <section id="owners-pane" aria-label="Owners"><h2>Owners</h2><div id="owners"></div></section>
      <section id="timeline-pane" aria-label="Timeline">
        <h2>Main actor <span id="lateness-text" class="muted"></span></h2>
        <div id="lateness" role="img" aria-label="How late the main actor ran, every half second"></div>
        <h2>Timeline</h2>
        <div class="muted legend"><i class="k-load"></i>load <i class="k-revalidation"></i>revalidation
        <i class="k-refresh"></i>refresh <i class="k-write"></i>write <i class="k-other"></i>other · ▲ joined · ▽ left · ✕ cancelled</div>
        <div id="timeline"></div>
        <h2>Events</h2>
        <ol id="events" reversed></ol>
      </section>
      <aside id="detail-pane" aria-label="Detail"><h2>Detail</h2><div id="detail" class="muted">Select an event.</div></aside>
    </main>
    <script nonce="\(nonce)">\(script)</script>
    </body>
    </html>
    """
  }
}
