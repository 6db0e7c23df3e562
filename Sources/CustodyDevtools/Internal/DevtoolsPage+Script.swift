extension DevtoolsPage {
  /// The page's script: it follows the event stream, folds each event into a picture of every
  /// owner, and draws the owners, the timeline and the events from it.
  static let script = """
    "use strict";
    const token = new URLSearchParams(location.search).get("token") || "";
    const $ = (id) => document.getElementById(id);
    function el(tag, props, ...children) {
      const node = document.createElement(tag);
      for (const [name, value] of Object.entries(props || {})) {
        if (name === "class") node.className = value; else if (name === "on") node.addEventListener("click", value);
        else node.setAttribute(name, value);
      }
      for (const child of children) if (child != null) node.append(child instanceof Node ? child : String(child));
      return node;
    }
    const state = { owners: new Map(), flights: [], events: [], lateness: [], dropped: 0, total: 0, paused: false,
      queued: [], filter: "", selected: null, offset: null, publicKeys: false };
    const workKind = (reason) => ["load", "revalidation", "refresh", "write"].includes(reason) ? reason : "other";
    const ms = (value) => value == null ? "" : value < 10 ? value.toFixed(1) + " ms" : value < 60000 ? Math.round(value) + " ms" : Math.round(value / 1000) + " s";
    const age = (value) => value < 1000 ? Math.round(value) + " ms" : value < 60000 ? (value / 1000).toFixed(1) + " s" : Math.round(value / 60000) + " min";
    const serverNow = () => state.offset == null ? 0 : performance.now() - state.offset;

    function owner(event) {
      let entry = state.owners.get(event.owner);
      if (!entry) {
        entry = { id: event.owner, name: event.ownerName, kind: event.ownerKind, keys: new Map(), flights: new Map(),
          layers: new Map(), counts: {}, session: null, listed: null, pages: 0, last: null };
        state.owners.set(event.owner, entry);
      }
      return entry;
    }
    function keyState(entry, key) {
      if (key == null) return null;
      let info = entry.keys.get(key);
      if (!info) { info = { key, value: "missing", storedAt: null, lookup: null, layers: 0 }; entry.keys.set(key, info); }
      return info;
    }
    function flightRow(entry, event) {
      return { owner: entry.id, ownerName: entry.name, key: event.key, id: event.flight, reason: event.reason || "write",
        start: event.t, end: null, outcome: null, marks: [], events: [event] };
    }

    function apply(event) {
      state.total += 1;
      const entry = owner(event);
      entry.last = event;
      entry.counts[event.kind] = (entry.counts[event.kind] || 0) + 1;
      const info = keyState(entry, event.key);
      const running = event.flight != null ? entry.flights.get(event.flight) : null;
      switch (event.kind) {
        case "cache.hit": info && (info.lookup = "fresh hit"); break;
        case "cache.staleHit": if (info) { info.lookup = "stale hit"; info.value = "stale"; } break;
        case "cache.miss": if (info) { info.lookup = "miss"; } break;
        case "flight.started": {
          const row = flightRow(entry, event);
          entry.flights.set(event.flight, row); state.flights.push(row); break;
        }
        case "flight.joined": case "flight.left":
          if (running) { running.waiters = event.waiters; running.events.push(event);
            if (event.kind === "flight.joined" && event.waiters > 1) running.marks.push({ t: event.t, kind: "join" });
            if (event.kind === "flight.left") running.marks.push({ t: event.t, kind: "left" }); }
          break;
        case "flight.detached": if (running) { running.detached = event.reasonText; running.events.push(event); } break;
        case "flight.finished": case "flight.abandoned":
          if (running) { running.end = event.t; running.events.push(event);
            running.outcome = event.kind === "flight.abandoned" ? "abandoned" : event.outcome;
            if (running.outcome === "abandoned" || running.outcome === "cancelled") running.marks.push({ t: event.t, kind: "cancel" });
            entry.flights.delete(event.flight); }
          if (entry.kind === "TokenStore" && event.outcome === "succeeded") entry.session = "signed in";
          if (event.outcome === "rejected") entry.session = "signed out (rejected)";
          break;
        case "cache.committed": if (info) { info.value = "stored"; info.storedAt = event.t; } entry.size = event; break;
        case "cache.removed": if (info) { info.value = "removed"; info.storedAt = null; } else entry.keys.forEach((k) => { k.value = "removed"; k.storedAt = null; }); entry.size = event; break;
        case "cache.evicted": if (info) { info.value = "evicted (" + (event.reasonText || "") + ")"; info.storedAt = null; } entry.size = event; break;
        case "cache.layerAdded": {
          if (info) info.layers += 1;
          const row = flightRow(entry, event); row.reason = "write"; row.write = true;
          entry.layers.set(event.flight, row); state.flights.push(row); break;
        }
        case "cache.writeCommitted": case "cache.writeRolledBack": {
          if (info) info.layers = Math.max(0, info.layers - 1);
          const row = entry.layers.get(event.flight);
          if (row) { row.end = event.t; row.outcome = event.kind === "cache.writeCommitted" ? "committed" : "rolled back";
            row.events.push(event); if (row.outcome === "rolled back") row.marks.push({ t: event.t, kind: "cancel" });
            entry.layers.delete(event.flight); }
          break;
        }
        case "cache.hydrated": entry.size = event; break;
        case "pager.pageAppended": entry.pages += 1; entry.listed = event.entries; break;
        case "tokenStore.signedIn": entry.session = "signed in"; break;
        case "tokenStore.signedOut": entry.session = "signed out (" + (event.reasonText || "") + ")"; break;
        case "tokenStore.refreshRefused": entry.refused = event.duration; break;
        case "fileStore.written": entry.written = event; break;
        case "fileStore.writeFailed": entry.failed = event; break;
      }
      if (entry.kind === "Pager" && event.kind === "flight.started" && event.reason === "refresh") entry.pages = 0;
      state.events.push(event);
      if (state.events.length > 2000) state.events.splice(0, state.events.length - 2000);
      if (state.flights.length > 600) state.flights = state.flights.filter((row, index) => row.end == null || index > state.flights.length - 500);
    }

    function matches(ownerName, key) {
      const filter = state.filter;
      if (!filter) return true;
      return ownerName.toLowerCase().includes(filter) || (key != null && String(key).toLowerCase().includes(filter));
    }

    function renderOwners() {
      const now = serverNow();
      const cards = [];
      for (const entry of state.owners.values()) {
        const ownerMatches = matches(entry.name, null);
        const keyRows = [...entry.keys.values()].filter((info) => ownerMatches || matches("", info.key));
        if (!ownerMatches && keyRows.length === 0) continue;
        const body = [];
        const running = [...entry.flights.values(), ...entry.layers.values()];
        const summary = [];
        if (entry.size) summary.push((entry.size.entries ?? 0) + " values, cost " + (entry.size.cost ?? 0));
        if (entry.kind === "Pager") summary.push((entry.listed ?? 0) + " items listed in " + entry.pages + " page" + (entry.pages === 1 ? "" : "s"));
        if (entry.session) summary.push("session: " + entry.session);
        if (entry.refused != null) summary.push("refresh refused for " + ms(entry.refused));
        if (entry.written) summary.push("written in " + ms(entry.written.duration));
        if (entry.failed) summary.push("last write failed: " + entry.failed.outcome);
        if (entry.counts["fileStore.saveCoalesced"]) summary.push(entry.counts["fileStore.saveCoalesced"] + " saves coalesced");
        if (summary.length) body.push(el("div", { class: "muted" }, summary.join(" · ")));
        if (entry.kind === "Cache" && keyRows.length) {
          const rows = keyRows.slice(-200).map((info) => {
            const work = running.filter((row) => row.key === info.key).map((row) =>
              el("span", { class: "badge b-" + workKind(row.reason), title: "#" + row.id }, (row.write ? "write" : row.reason) + (row.waiters > 1 ? " ×" + row.waiters : "")));
            const stored = info.storedAt == null ? "" : age(now - info.storedAt);
            const valueClass = info.value === "stored" ? "fresh" : info.value === "stale" ? "stale" : "gone";
            return el("tr", {}, el("td", {}, info.key), el("td", { class: valueClass }, info.value + (info.lookup ? " · last " + info.lookup : "")),
              el("td", {}, stored), el("td", {}, ...work, info.layers ? el("span", { class: "badge b-write" }, info.layers + " layer" + (info.layers > 1 ? "s" : "")) : null));
          });
          body.push(el("table", { class: "keys" }, el("tr", {}, el("th", {}, "key"), el("th", {}, "value"), el("th", {}, "age"), el("th", {}, "running")), ...rows));
        } else if (running.length) {
          body.push(el("table", {}, el("tr", {}, el("th", {}, "flight"), el("th", {}, "key"), el("th", {}, "work"), el("th", {}, "waiters")),
            ...running.map((row) => el("tr", {}, el("td", {}, "#" + row.id), el("td", {}, row.key ?? ""),
              el("td", {}, el("span", { class: "badge b-" + workKind(row.reason) }, row.reason), row.detached ? " detached by " + row.detached : ""),
              el("td", {}, row.waiters ?? 0)))));
        } else {
          body.push(el("div", { class: "muted" }, "idle" + (entry.last ? " · last: " + entry.last.kind : "")));
        }
        const title = el("h3", { on: () => { $("filter").value = entry.name; setFilter(entry.name); } },
          el("span", { class: "kind" }, entry.kind), entry.name);
        cards.push(el("div", { class: "owner", "data-owner": entry.name, "data-kind": entry.kind }, title, ...body));
      }
      $("owners").replaceChildren(...(cards.length ? cards : [el("div", { class: "muted" }, "No owner has reported yet.")]));
    }

    function renderTimeline() {
      const now = serverNow();
      const rows = state.flights.filter((row) => matches(row.ownerName, row.key)).slice(-150);
      // The last minute at most, at least the last ten seconds; older bars are cut at the left.
      const start = Math.max(Math.min(now - 10000, ...rows.map((row) => row.start)), now - 60000);
      const span = Math.max(now - start, 1);
      const x = (t) => 36 + 63 * ((Math.max(t, start) - start) / span) + "%";
      const width = (a, b) => Math.max(63 * ((b - a) / span), 0.3) + "%";
      $("timeline").replaceChildren(...rows.reverse().map((row) => {
        const end = row.end ?? now;
        const classes = "bar k-" + workKind(row.reason) + (row.end == null ? " running" : "") +
          (row.outcome && /failed|rolled back|rejected/.test(row.outcome) ? " failed" : "");
        const bar = el("div", { class: classes, title: (row.outcome || "running"), on: () => showDetail(row) });
        bar.style.left = x(row.start); bar.style.width = width(Math.max(row.start, start), end);
        const marks = row.marks.map((mark) => { const node = el("span", { class: "mark " + mark.kind }, mark.kind === "cancel" ? "✕" : mark.kind === "join" ? "▲" : "▽");
          node.style.left = x(mark.t); return node; });
        return el("div", { class: "row", "data-outcome": row.outcome || "running" },
          el("span", { class: "label" }, row.ownerName + (row.key != null ? " " + row.key : "") + " #" + row.id), bar, ...marks);
      }));
    }

    // The main actor's worst lateness of each half second, the last minute of it as bars.
    function renderLateness() {
      const samples = state.lateness.slice(-120);
      $("lateness").replaceChildren(...samples.map((sample) => {
        const bar = el("i", { class: sample.worst > 50 ? "hitch" : sample.worst > 16.7 ? "late" : "", title: ms(sample.worst) });
        bar.style.height = Math.max(2, Math.min(sample.worst, 100) / 100 * 40) + "px";
        return bar;
      }));
      const now = samples.length ? samples[samples.length - 1].worst : null;
      $("lateness-text").textContent = now == null ? "· no ticks yet" :
        "· now " + ms(now) + " late, worst of the last minute " + ms(Math.max(...samples.map((sample) => sample.worst)));
    }

    function describe(event) {
      return [(event.t / 1000).toFixed(3) + "s", event.ownerName, event.kind, event.key ?? "", event.flight != null ? "#" + event.flight : "",
        event.reasonText || "", event.outcome || "", event.waiters != null ? "(" + event.waiters + " waiting)" : "",
        event.duration != null ? ms(event.duration) : ""].filter((part) => part !== "").join(" ");
    }

    function renderEvents() {
      const items = state.events.filter((event) => event.notice || matches(event.ownerName, event.key)).slice(-300).reverse().map((event) =>
        event.notice ? el("li", { class: "notice" }, event.notice)
          : el("li", { class: event === state.selected ? "selected" : "", on: () => showDetail(event) }, describe(event)));
      $("events").replaceChildren(...items);
      $("counts").textContent = (state.publicKeys ? "" : "keys hidden · ") + state.total + " events" + (state.dropped ? " · " + state.dropped + " dropped" : "") + (state.paused ? " · " + state.queued.length + " waiting" : "");
    }

    function showDetail(item) {
      state.selected = item;
      const fields = item.events ? { owner: item.ownerName, key: item.key, flight: item.id, work: item.reason,
        started: ms(item.start), ended: item.end == null ? "running" : ms(item.end), lasted: item.end == null ? "" : ms(item.end - item.start),
        outcome: item.outcome || "", waiters: item.waiters ?? "", detached: item.detached || "" } : item;
      const list = el("dl", {});
      for (const [name, value] of Object.entries(fields)) if (value !== "" && value != null && name !== "events") list.append(el("dt", {}, name), el("dd", {}, String(value)));
      const parts = [list];
      if (item.events) parts.push(el("h2", {}, "Its events"), el("ol", {}, ...item.events.map((event) => el("li", {}, describe(event)))));
      $("detail").className = ""; $("detail").replaceChildren(...parts);
      renderEvents();
    }

    let scheduled = false;
    function schedule() { if (!scheduled) { scheduled = true; requestAnimationFrame(() => { scheduled = false; renderOwners(); renderLateness(); renderTimeline(); renderEvents(); }); } }
    function setFilter(text) { state.filter = text.trim().toLowerCase(); schedule(); }
    for (const name of ["input", "search"]) $("filter").addEventListener(name, (event) => setFilter(event.target.value));
    $("pause").addEventListener("click", () => {
      state.paused = !state.paused;
      $("pause").setAttribute("aria-pressed", String(state.paused)); $("pause").textContent = state.paused ? "Resume" : "Pause";
      if (!state.paused) { state.queued.splice(0).forEach(apply); }
      $("status").dataset.state = state.paused ? "paused" : "live"; $("status").textContent = state.paused ? "paused" : "live";
      schedule();
    });

    function receive(event) {
      const offset = performance.now() - event.t;
      if (state.offset == null || offset < state.offset) state.offset = offset;
      if (state.paused) { state.queued.push(event); if (state.queued.length > 20000) { state.queued.shift(); state.dropped += 1; } }
      else apply(event);
      schedule();
    }
    const source = new EventSource("/events?token=" + encodeURIComponent(token));
    source.addEventListener("hello", (message) => {
      const hello = JSON.parse(message.data);
      // A reconnection is sent the history again: start over rather than count it twice.
      Object.assign(state, { owners: new Map(), flights: [], events: [], lateness: [], total: 0, queued: [], selected: null });
      state.publicKeys = hello.publicKeys;
      for (const known of hello.owners) if (!state.owners.has(known.id)) owner({ owner: known.id, ownerName: known.name, ownerKind: known.kind });
      schedule();
    });
    source.addEventListener("message", (message) => receive(JSON.parse(message.data)));
    source.addEventListener("lateness", (message) => {
      state.lateness.push(JSON.parse(message.data));
      if (state.lateness.length > 240) state.lateness.splice(0, state.lateness.length - 240);
      schedule();
    });
    source.addEventListener("dropped", (message) => {
      const drop = JSON.parse(message.data);
      state.dropped = drop.total;
      state.events.push({ notice: drop.count + " events dropped: the page fell behind" }); schedule();
    });
    source.addEventListener("open", () => { $("status").dataset.state = state.paused ? "paused" : "live"; $("status").textContent = state.paused ? "paused" : "live"; });
    source.addEventListener("error", () => { $("status").dataset.state = "disconnected"; $("status").textContent = "disconnected"; });
    setInterval(() => { if (!state.paused) schedule(); }, 1000);
    schedule();
    """
}
