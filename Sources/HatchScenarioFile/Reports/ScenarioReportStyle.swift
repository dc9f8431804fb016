/// The HTML report's style sheet, inline so the file stands alone; light and dark.
enum ScenarioReportStyle {
    static let css = """
        :root { color-scheme: light dark; --fg: #1d1d22; --bg: #fafafc; --muted: #666672; --line: #d8d8e0; --pass: #1e7b34; --fail: #b3261e; --na: #7a6a00; --shade: #0000000a; }
        @media (prefers-color-scheme: dark) { :root { --fg: #e8e8ee; --bg: #16161a; --muted: #a0a0ab; --line: #3a3a44; --pass: #5cc97a; --fail: #ff8a80; --na: #e0c85a; --shade: #ffffff0d; } }
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
        main { max-width: 960px; margin: 0 auto; padding: 24px 16px 64px; }
        header { display: flex; align-items: baseline; gap: 16px; flex-wrap: wrap; }
        h1 { margin: 0; font-size: 26px; }
        .verdict { font-size: 22px; font-weight: 700; margin: 0; padding: 2px 12px; border-radius: 6px; border: 2px solid currentColor; }
        .verdict-pass { color: var(--pass); } .verdict-fail, .verdict-interrupted { color: var(--fail); } .verdict-notApplicable { color: var(--na); }
        .banner { border-left: 4px solid var(--fail); padding: 8px 12px; background: var(--shade); }
        .facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; color: var(--muted); }
        .facts dd { margin: 0; color: var(--fg); overflow-wrap: anywhere; }
        table { border-collapse: collapse; width: 100%; margin: 8px 0 24px; font-size: 14px; }
        th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
        tr.fail td { color: var(--fail); } tr.notApplicable td { color: var(--na); }
        .note { font-size: 12px; color: var(--muted); }
        figure { margin: 0 0 24px; } figcaption h3 { margin: 0; font-size: 16px; } figcaption p { margin: 2px 0 4px; color: var(--muted); font-size: 13px; }
        svg.chart { width: 100%; height: auto; }
        .axis { stroke: var(--muted); } .grid { stroke: var(--line); stroke-dasharray: 2 3; }
        .tick, .unit { fill: var(--muted); font-size: 11px; } .tick.sim { font-size: 10px; }
        .stage-span { fill: var(--shade); }
        .mark { stroke-width: 1.2; stroke-dasharray: 4 2; }
        .legend { display: flex; gap: 16px; list-style: none; padding: 0; font-size: 13px; color: var(--muted); }
        .swatch { display: inline-block; width: 12px; height: 3px; margin-right: 6px; vertical-align: middle; }
        """
}
