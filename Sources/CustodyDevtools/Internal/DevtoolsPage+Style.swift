extension DevtoolsPage {
  /// The page's style: one set of colours for light mode and one for dark, as the system prefers.
  static let style = """
    :root { color-scheme: light dark; --bg: #fbfbfc; --fg: #1d1f24; --muted: #6b7280; --line: #d9dce3;
      --card: #ffffff; --accent: #2563eb; --load: #2563eb; --revalidation: #0d9488; --refresh: #7c3aed;
      --write: #d97706; --other: #64748b; --bad: #dc2626; --good: #16a34a; --select: #e0e7ff; }
    @media (prefers-color-scheme: dark) { :root { --bg: #16181d; --fg: #e5e7eb; --muted: #9ca3af;
      --line: #2f333b; --card: #1e2127; --accent: #60a5fa; --load: #60a5fa; --revalidation: #2dd4bf;
      --refresh: #a78bfa; --write: #fbbf24; --other: #94a3b8; --bad: #f87171; --good: #4ade80; --select: #273449; } }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg); font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
    header { display: flex; gap: 12px; align-items: center; padding: 8px 14px; border-bottom: 1px solid var(--line);
      position: sticky; top: 0; background: var(--bg); z-index: 2; }
    h1 { font-size: 15px; margin: 0; } h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .05em;
      color: var(--muted); margin: 12px 0 6px; }
    input, button { font: inherit; color: inherit; background: var(--card); border: 1px solid var(--line);
      border-radius: 6px; padding: 4px 8px; }
    button[aria-pressed="true"] { background: var(--accent); color: var(--bg); }
    #filter { width: 260px; }
    .muted { color: var(--muted); }
    .status::before { content: "●"; margin-right: 4px; }
    .status[data-state="live"]::before { color: var(--good); } .status[data-state="paused"]::before { color: var(--write); }
    .status[data-state="connecting"]::before, .status[data-state="disconnected"]::before { color: var(--bad); }
    main { display: grid; grid-template-columns: minmax(320px, 1fr) minmax(360px, 1.4fr) 300px; gap: 14px; padding: 0 14px 14px; }
    .owner { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 8px 10px; margin-bottom: 10px; }
    .owner h3 { margin: 0 0 4px; font-size: 13px; display: flex; gap: 6px; align-items: baseline; cursor: pointer; }
    .kind { font-size: 11px; padding: 0 6px; border-radius: 9px; border: 1px solid var(--line); color: var(--muted); }
    table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
    td, th { text-align: left; padding: 2px 4px; border-top: 1px solid var(--line); vertical-align: top; }
    th { font-weight: 500; color: var(--muted); border-top: none; }
    .badge { display: inline-block; font-size: 11px; padding: 0 5px; border-radius: 4px; color: #fff; margin-right: 3px; }
    .b-load { background: var(--load); } .b-revalidation { background: var(--revalidation); } .b-refresh { background: var(--refresh); }
    .b-write { background: var(--write); } .b-other { background: var(--other); } .b-bad { background: var(--bad); }
    .fresh { color: var(--good); } .stale { color: var(--write); } .gone { color: var(--muted); }
    #timeline { position: relative; background: var(--card); border: 1px solid var(--line); border-radius: 8px;
      min-height: 60px; max-height: 45vh; overflow-y: auto; }
    .row { position: relative; height: 18px; border-bottom: 1px solid var(--line); }
    .row .label { position: absolute; left: 4px; width: 34%; overflow: hidden; white-space: nowrap; text-overflow: ellipsis;
      font-size: 11px; line-height: 18px; color: var(--muted); }
    .bar { position: absolute; top: 3px; height: 12px; border-radius: 3px; min-width: 3px; cursor: pointer; }
    .bar.running { opacity: .75; } .bar.failed { outline: 2px solid var(--bad); }
    .mark { position: absolute; top: 0; font-size: 10px; line-height: 18px; transform: translateX(-50%); pointer-events: none; }
    .mark.cancel { color: var(--bad); font-weight: 700; }
    .k-load { background: var(--load); } .k-revalidation { background: var(--revalidation); } .k-refresh { background: var(--refresh); }
    .k-write { background: var(--write); } .k-other { background: var(--other); }
    #lateness { display: flex; align-items: flex-end; gap: 1px; height: 46px; padding: 3px; background: var(--card);
      border: 1px solid var(--line); border-radius: 8px; }
    #lateness i { flex: 1 1 0; min-height: 1px; background: var(--good); }
    #lateness i.late { background: var(--write); } #lateness i.hitch { background: var(--bad); }
    #lateness-text { text-transform: none; letter-spacing: 0; }
    .legend { font-size: 11px; margin-bottom: 4px; }
    .legend i { display: inline-block; width: 9px; height: 9px; border-radius: 2px; margin: 0 3px 0 8px; }
    #events { list-style: none; padding: 0; margin: 0; max-height: 35vh; overflow-y: auto; background: var(--card);
      border: 1px solid var(--line); border-radius: 8px; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
    #events li { padding: 2px 8px; border-bottom: 1px solid var(--line); cursor: pointer; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    #events li.selected, #events li:hover { background: var(--select); }
    #events li.notice { color: var(--bad); cursor: default; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 0; }
    dt { color: var(--muted); } dd { margin: 0; word-break: break-all; }
    aside { position: sticky; top: 52px; align-self: start; }
    @media (max-width: 1100px) { main { grid-template-columns: 1fr; } aside { position: static; } }
    """
}
