extension DashboardPage {
    /// The page's style. Cards have a fixed size, which the virtualised grid relies on.
    static let style = #"""
    :root { --card-w: 320px; --card-h: 300px; --gap: 12px; color-scheme: light dark; font: 14px system-ui, sans-serif; }
    [hidden] { display: none !important; }
    body { margin: 0; background: #f2f2f5; color: #1b1b1f; }
    @media (prefers-color-scheme: dark) { body { background: #17171b; color: #e6e6ea; } .card, .log, header, .simulation { background: #222228 !important; } }
    header { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; gap: 12px; align-items: center; padding: 10px 16px; background: #fff; box-shadow: 0 1px 4px #0002; }
    h1 { font-size: 18px; margin: 0 8px 0 0; }
    .totals { display: flex; gap: 6px; }
    .tile { padding: 3px 8px; border-radius: 6px; background: #8881; }
    .tile.online b { color: #1a8a3a; } .tile.offline b { color: #c0392b; }
    input[type=search] { min-width: 260px; padding: 5px 8px; }
    .stream { margin-left: auto; font-size: 12px; opacity: .7; }
    .simulation { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; padding: 8px 16px; background: #fff8e6; border-bottom: 1px solid #0001; }
    .simulation[hidden] { display: none; }
    .scenario { padding: 6px 16px; border-bottom: 1px solid #0001; }
    .scenario[hidden] { display: none; }
    .scenario ul { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 4px 0 0; padding: 0; list-style: none; }
    .scenario li[data-verdict=fail] { color: #b3261e; font-weight: 600; }
    .scenario li[data-verdict=pass] { color: #1e7b34; }
    main { padding: 12px 16px; }
    .viewport { height: calc(100vh - 360px); min-height: 340px; overflow-y: auto; position: relative; }
    .grid { position: relative; }
    .card { position: absolute; box-sizing: border-box; width: var(--card-w); height: var(--card-h); overflow: auto; padding: 10px 12px; border-radius: 10px; background: #fff; box-shadow: 0 1px 3px #0002; }
    .card.offline { opacity: .7; }
    .card-head { display: flex; gap: 10px; align-items: center; }
    .card h3 { margin: 0; font-size: 15px; }
    .meta { font-size: 11px; opacity: .75; }
    .light { flex: none; width: 44px; height: 44px; border-radius: 50%; border: 2px solid #8884; background-color: rgb(0, 0, 0); transition: background-color .3s, filter .3s; }
    .light.on { box-shadow: 0 0 14px 2px var(--glow, transparent); }
    .light.none { background: repeating-linear-gradient(45deg, #8882, #8882 4px, transparent 4px, transparent 8px) !important; }
    .presence { margin-left: auto; font-size: 12px; padding: 2px 8px; border-radius: 10px; }
    .presence.online { background: #d6f5de; color: #13602a; } .presence.offline { background: #fadbd8; color: #8e2318; } .presence.unknown { background: #8882; }
    .reason { font-size: 11px; color: #c0392b; min-height: 0; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 8px 0; font-size: 13px; }
    dt { opacity: .65; } dd { margin: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .controls summary { cursor: pointer; font-size: 12px; opacity: .8; }
    .row { display: flex; gap: 4px; align-items: center; margin: 4px 0; }
    .row input[type=range] { width: 90px; } .row select { max-width: 130px; } .row input[type=number] { width: 70px; }
    .reply { font-size: 12px; min-height: 1em; } .reply.ok { color: #1a8a3a; } .reply.failed { color: #c0392b; }
    .log { margin: 0 16px 16px; padding: 8px 12px; background: #fff; border-radius: 10px; max-height: 260px; overflow: auto; }
    .log-head { display: flex; gap: 12px; align-items: center; } .log h2 { font-size: 15px; margin: 0; }
    .log table { width: 100%; border-collapse: collapse; font: 12px ui-monospace, monospace; }
    .log td, .log th { text-align: left; padding: 1px 6px; vertical-align: top; white-space: nowrap; }
    .log td.payload { overflow: hidden; text-overflow: ellipsis; max-width: 80ch; }
    """#
}
