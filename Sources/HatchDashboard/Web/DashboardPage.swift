/// The page's assets, compiled in: the dashboard needs no network and no files at run time.
/// The markup's test contract is documented in the module's "Test contract" article.
enum DashboardPage {
    /// The page: a header with the fleet's totals, search and (beside a simulated fleet) the clock;
    /// the virtualised card grid; the message log.
    static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Hatch fleet</title>
    <link rel="stylesheet" href="app.css">
    </head>
    <body>
    <header>
      <h1>Hatch fleet</h1>
      <div class="totals" data-role="totals">
        <span class="tile"><b data-role="total">0</b> devices</span>
        <span class="tile online"><b data-role="online">0</b> online</span>
        <span class="tile offline"><b data-role="offline">0</b> offline</span>
        <span class="tile"><b data-role="lit">0</b> lit</span>
        <span class="tile"><b data-role="busy">0</b> playing</span>
      </div>
      <input type="search" data-control="search" placeholder="Search name, MAC, product, state…" autocomplete="off">
      <span class="stream" data-role="stream">connecting…</span>
    </header>
    <section class="simulation" data-role="simulation" hidden>
      <span>Simulated time <b data-role="sim-time">–</b> at <b data-role="sim-speed">–</b>×</span>
      <label>speed <input type="number" min="0" step="any" value="1" data-control="sim-speed"></label>
      <button data-control="sim-set-speed">Set speed</button>
      <button data-control="sim-pause">Pause</button>
      <label>jump to <input type="datetime-local" step="1" data-control="sim-time"></label>
      <button data-control="sim-jump">Jump</button>
      <button data-control="sim-advance" data-seconds="3600">+1 h</button>
      <span class="reply" data-role="sim-reply"></span>
    </section>
    <section class="scenario" data-role="scenario" aria-live="polite" hidden>
      <span>Scenario <b data-role="scenario-name">–</b>: <b data-role="scenario-stage">–</b></span>
      <ul data-role="scenario-expectations"></ul>
    </section>
    <main>
      <div class="viewport" data-role="viewport"><div class="grid" data-role="grid"></div></div>
    </main>
    <section class="log">
      <div class="log-head">
        <h2>Messages</h2>
        <label>device <input type="search" data-control="log-device" placeholder="name or thing"></label>
        <label>kind <select data-control="log-kind">
          <option value="">all</option><option>update</option><option>delta</option><option>accepted</option>
          <option>rejected</option><option>documents</option><option>get</option><option>presence</option>
          <option>registry</option><option>records</option><option>fleet</option>
        </select></label>
        <label><input type="checkbox" data-control="log-pause"> pause</label>
      </div>
      <table><thead><tr><th>time</th><th>device</th><th>kind</th><th>direction</th><th>topic</th><th>payload</th></tr></thead>
      <tbody data-role="log"></tbody></table>
    </section>
    <template id="card-template">
      <article class="card">
        <div class="card-head">
          <div class="light" data-role="light"></div>
          <div>
            <h3 data-role="name"></h3>
            <div class="meta"><span data-role="product"></span> · <code data-role="mac"></code></div>
          </div>
          <span class="presence" data-role="presence"></span>
        </div>
        <div class="reason" data-role="presence-reason"></div>
        <dl>
          <dt>light</dt><dd data-role="light-text"></dd>
          <dt>playing</dt><dd data-role="playing"></dd>
          <dt>sound</dt><dd><span data-role="sound"></span> at <span data-role="volume"></span>%</dd>
          <dt>next alarm</dt><dd data-role="next-alarm"></dd>
          <dt class="opt">nightlight</dt><dd class="opt" data-role="nightlight"></dd>
          <dt class="opt">clock</dt><dd class="opt" data-role="clock"></dd>
          <dt class="opt">toddler lock</dt><dd class="opt" data-role="toddler-lock"></dd>
          <dt class="opt">battery</dt><dd class="opt" data-role="battery"></dd>
        </dl>
        <details class="controls">
          <summary>Controls</summary>
          <div class="row light-row"><input type="color" value="#ff8800" data-control="light-color">
            <input type="range" min="0" max="100" value="50" data-control="light-brightness">
            <button data-control="light-set">Light</button><button data-control="light-off">Off</button></div>
          <div class="row"><select data-control="sound-id"></select><input type="number" min="1" data-control="sound-number" placeholder="sound id">
            <button data-control="sound-play">Play</button><button data-control="sound-off">Stop</button></div>
          <div class="row"><input type="range" min="0" max="100" value="30" data-control="volume">
            <button data-control="volume-set">Volume</button></div>
          <div class="row"><select data-control="routine-id"></select>
            <button data-control="routine-start">Start</button><button data-control="routine-stop">Stop</button></div>
          <div class="row alarm-row"><button data-control="alarm-snooze">Snooze</button><button data-control="alarm-dismiss">Dismiss</button></div>
          <div class="row fault-row"><select data-control="fault-kind"></select>
            <input type="number" min="1" value="30" data-control="fault-seconds" title="seconds (offline)">
            <button data-control="fault-inject">Inject fault</button></div>
          <div class="reply" data-role="reply"></div>
        </details>
      </article>
    </template>
    <script src="app.js"></script>
    </body>
    </html>
    """#
}
