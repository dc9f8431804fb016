'use strict';
// The page: keeps every card's data, draws only the cards in view (grid.js), applies the batches from
// `/events` once per animation frame (batch.js), and posts the controls to `/api/control`.
const token = new URLSearchParams(location.search).get('token');
const withToken = (path) => token ? `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : path;
const $ = (selector, root = document) => root.querySelector(selector);
const cards = new Map();        // thing -> card
let order = [];                 // things in display order
let visible = [];               // things that pass the search
let sounds = {};                // product -> [{id, name}]
let simulation = null;
let subscriber = null;          // this page's stream id, for the server-side log filter
const pending = emptyPending();
let frameRequested = false;
const viewport = $('[data-role=viewport]'), grid = $('[data-role=grid]');
const template = $('#card-template');
const drawn = new Map();        // thing -> element in the DOM
const logRows = [];
const LOG_ROWS = 300;

function connect() {
  const source = new EventSource(withToken('events'));
  source.onopen = () => { $('[data-role=stream]').textContent = 'live'; };
  source.onerror = () => { $('[data-role=stream]').textContent = 'reconnecting…'; };
  source.onmessage = (event) => {
    mergeBatch(pending, JSON.parse(event.data));
    if (!frameRequested) { frameRequested = true; requestAnimationFrame(apply); }
  };
}

function apply() {
  frameRequested = false;
  if (pending.sounds) { sounds = pending.sounds; pending.sounds = null; }
  if (pending.simulation) { simulation = pending.simulation; pending.simulation = null; }
  if (pending.subscriber != null) {
    subscriber = pending.subscriber; pending.subscriber = null;
    if ($('[data-control=log-topic]').value.trim()) sendLogFilter();
  }
  if (pending.full) {
    cards.clear();
    order = pending.cards.map((card) => card.thing);
    for (const el of drawn.values()) el.remove();
    drawn.clear();
  }
  const changed = new Set();
  for (const [thing, card] of latestCards(pending.cards)) { cards.set(thing, card); changed.add(thing); }
  const full = pending.full;
  pending.cards = []; pending.full = false;
  if (full) filter(); else if (searchText()) filter(); 
  for (const thing of changed) { const el = drawn.get(thing); if (el) fill(el, cards.get(thing)); }
  if (full) layout();
  totals();
  drawSimulation();
  const log = pending.log; pending.log = [];
  if (!$('[data-control=log-pause]').checked) addLog(log);
  if (panelThing) {
    if (changed.has(panelThing)) refreshTimeline();
    if (log.some((entry) => entry.thing === panelThing && (entry.kind === 'documents' || entry.kind === 'accepted'))) refreshShadow();
  }
}

// --- search and virtualised grid ---------------------------------------------------------
const searchText = () => $('[data-control=search]').value.trim().toLowerCase();
function matches(card, text) {
  return !text || [card.name, card.mac, card.product, card.productName, card.thing, card.presence, card.playing]
    .some((field) => field && field.toLowerCase().includes(text));
}
function filter() {
  const text = searchText();
  const next = order.filter((thing) => matches(cards.get(thing), text));
  const same = next.length === visible.length && next.every((thing, index) => visible[index] === thing);
  visible = next;
  if (!same) layout();
}
function metrics() {
  const style = getComputedStyle(document.documentElement);
  const width = parseInt(style.getPropertyValue('--card-w')), height = parseInt(style.getPropertyValue('--card-h'));
  const gap = parseInt(style.getPropertyValue('--gap'));
  return { width, height, gap };
}
function layout() {
  const { width, height, gap } = metrics();
  const columns = gridColumns(viewport.clientWidth, width, gap);
  const shown = gridWindow({ count: visible.length, columns, cardHeight: height, gap,
                             scrollTop: viewport.scrollTop, viewportHeight: viewport.clientHeight });
  grid.style.height = `${shown.height}px`;
  const wanted = new Set(visible.slice(shown.first, shown.last));
  for (const [thing, el] of drawn) if (!wanted.has(thing)) { el.remove(); drawn.delete(thing); }
  for (let index = shown.first; index < shown.last; index++) {
    const thing = visible[index];
    let el = drawn.get(thing);
    if (!el) { el = makeCard(thing); drawn.set(thing, el); grid.appendChild(el); fill(el, cards.get(thing)); }
    const at = gridPosition(index, columns, width, height, gap);
    el.style.left = `${at.left}px`;
    el.style.top = `${at.top}px`;
  }
}
viewport.addEventListener('scroll', () => requestAnimationFrame(layout), { passive: true });
addEventListener('resize', () => requestAnimationFrame(layout));
$('[data-control=search]').addEventListener('input', filter);

// --- one card ------------------------------------------------------------------------------
function makeCard(thing) {
  const el = template.content.firstElementChild.cloneNode(true);
  el.dataset.thing = thing;
  const control = (name) => $(`[data-control=${name}]`, el);
  const send = (body) => post({ thing, ...body }, $('[data-role=reply]', el));
  control('light-set').onclick = () => send({ action: 'light', color: control('light-color').value, brightness: +control('light-brightness').value });
  control('light-off').onclick = () => send({ action: 'lightOff' });
  control('sound-play').onclick = () => {
    const id = control('sound-id').options.length ? +control('sound-id').value : +control('sound-number').value;
    send({ action: 'sound', sound: id, volume: +control('volume').value });
  };
  control('sound-off').onclick = () => send({ action: 'soundOff' });
  control('volume-set').onclick = () => send({ action: 'volume', volume: +control('volume').value });
  control('routine-start').onclick = () => send({ action: 'startRoutine', routine: +control('routine-id').value });
  control('routine-stop').onclick = () => send({ action: 'stopRoutine' });
  control('alarm-snooze').onclick = () => send({ action: 'snooze' });
  control('alarm-dismiss').onclick = () => send({ action: 'dismiss' });
  control('panel-open').onclick = (event) => openPanel(thing, event.target);
  control('fault-inject').onclick = () => send({ action: 'fault', fault: control('fault-kind').value, seconds: +control('fault-seconds').value });
  return el;
}
function setText(el, role, text) {
  const target = $(`[data-role=${role}]`, el);
  const value = text == null ? '' : String(text);
  if (target.textContent !== value) target.textContent = value;
  return target;
}
function optional(el, role, text) {
  const target = setText(el, role, text);
  const hidden = text == null;
  target.hidden = hidden; target.previousElementSibling.hidden = hidden;
}
function fill(el, card) {
  if (!card) return;
  el.classList.toggle('offline', card.presence !== 'online');
  if (el.getAttribute('aria-label') !== card.name) el.setAttribute('aria-label', card.name);
  setText(el, 'name', card.name); setText(el, 'product', card.productName); setText(el, 'mac', card.mac);
  const presence = setText(el, 'presence', card.presence);
  presence.className = `presence ${card.presence}`;
  setText(el, 'presence-reason', card.presence === 'offline' && card.presenceReason ? `offline: ${card.presenceReason}` : '');
  const swatch = $('[data-role=light]', el);
  if (card.light) {
    swatch.classList.remove('none');
    swatch.style.backgroundColor = card.light.css;
    swatch.style.filter = card.light.on ? `brightness(${(0.35 + 0.65 * card.light.brightness / 100).toFixed(2)})` : '';
    swatch.style.setProperty('--glow', card.light.css);
    swatch.classList.toggle('on', card.light.on);
    swatch.dataset.brightness = card.light.brightness;
    setText(el, 'light-text', card.light.on ? `${card.light.css} at ${card.light.brightness}%` : 'off');
  } else {
    swatch.classList.add('none'); swatch.style.backgroundColor = 'rgb(0, 0, 0)'; swatch.dataset.brightness = 0;
    setText(el, 'light-text', 'no light');
  }
  setText(el, 'playing', card.playing);
  setText(el, 'sound', card.sound); setText(el, 'volume', card.volume);
  setText(el, 'next-alarm', card.nextAlarm || '–');
  optional(el, 'nightlight', card.nightlight); optional(el, 'clock', card.clock);
  optional(el, 'toddler-lock', card.toddlerLock); optional(el, 'battery', card.battery);
  $('.light-row', el).hidden = !card.light;
  $('.alarm-row', el).hidden = !card.alarms;
  const soundSelect = $('[data-control=sound-id]', el), catalogue = sounds[card.product] || [];
  if (soundSelect.options.length !== catalogue.length) {
    soundSelect.replaceChildren(...catalogue.map((sound) => new Option(sound.name, sound.id)));
  }
  soundSelect.hidden = catalogue.length === 0;
  $('[data-control=sound-number]', el).hidden = catalogue.length !== 0;
  const routineSelect = $('[data-control=routine-id]', el);
  const routineKey = card.routines.map((routine) => `${routine.id}:${routine.name}`).join('|');
  if (routineSelect.dataset.key !== routineKey) {
    routineSelect.dataset.key = routineKey;
    routineSelect.replaceChildren(...card.routines.map((routine) => new Option(routine.name, routine.id)));
  }
  const faultRow = $('.fault-row', el);
  faultRow.hidden = !simulation;
  const faultSelect = $('[data-control=fault-kind]', el);
  if (simulation && faultSelect.options.length !== simulation.faults.length) {
    faultSelect.replaceChildren(...simulation.faults.map((kind) => new Option(kind, kind)));
  }
}

// --- totals, simulation, controls ------------------------------------------------------------
function totals() {
  let online = 0, offline = 0, lit = 0, busy = 0;
  for (const card of cards.values()) {
    if (card.presence === 'online') online++; else if (card.presence === 'offline') offline++;
    if (card.light && card.light.on) lit++;
    if (card.playing !== 'nothing' && card.playing !== '-') busy++;
  }
  setText(document, 'total', cards.size); setText(document, 'online', online); setText(document, 'offline', offline);
  setText(document, 'lit', lit); setText(document, 'busy', busy);
}
function drawSimulation() {
  const panel = $('[data-role=simulation]');
  panel.hidden = !simulation;
  if (!simulation) return;
  setText(document, 'sim-time', simulation.time.replace('T', ' ').replace('Z', ' UTC'));
  setText(document, 'sim-speed', simulation.speed);
  $('[data-control=sim-pause]').textContent = simulation.speed === 0 ? 'Paused' : 'Pause';
  for (const el of drawn.values()) $('.fault-row', el).hidden = false;
  const scenario = simulation.scenario;
  $('[data-role=scenario]').hidden = !scenario;
  if (!scenario) return;
  setText(document, 'scenario-name', scenario.name);
  setText(document, 'scenario-stage', scenario.stage);
  $('[data-role=scenario-expectations]').replaceChildren(...scenario.expectations.map((e) => {
    const item = document.createElement('li');
    item.dataset.verdict = e.verdict;
    item.textContent = `${e.verdict === 'pass' ? '✓' : e.verdict === 'fail' ? '✗' : '–'} ${e.threshold}: ${e.measured}`;
    return item;
  }));
}
const simReply = $('[data-role=sim-reply]');
$('[data-control=sim-set-speed]').onclick = () => post({ action: 'clock', speed: +$('[data-control=sim-speed]').value }, simReply);
$('[data-control=sim-pause]').onclick = () => post({ action: 'clock', speed: 0 }, simReply);
$('[data-control=sim-jump]').onclick = () => {
  const value = $('[data-control=sim-time]').value;
  if (value) post({ action: 'clock', time: value.length === 16 ? `${value}:00Z` : `${value}Z` }, simReply);
};
$('[data-control=sim-advance]').onclick = (event) => post({ action: 'clock', advance: +event.target.dataset.seconds }, simReply);

async function post(body, replyElement) {
  replyElement.textContent = '…'; replyElement.className = 'reply';
  try {
    const response = await fetch(withToken('api/control'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const reply = await response.json();
    replyElement.textContent = reply.message;
    replyElement.className = `reply ${reply.ok ? 'ok' : 'failed'}`;
  } catch (error) {
    replyElement.textContent = `the dashboard did not answer: ${error}`;
    replyElement.className = 'reply failed';
  }
}

// --- message log ---------------------------------------------------------------------------
const logBody = $('[data-role=log]');
const logDetail = $('[data-role=log-detail]');
let shownLog = [];
function logMatches(entry) {
  const device = $('[data-control=log-device]').value.trim().toLowerCase();
  const kind = $('[data-control=log-kind]').value;
  if (kind && entry.kind !== kind) return false;
  if (!topicMatches($('[data-control=log-topic]').value, entry.topic)) return false;
  if (!device) return true;
  const card = entry.thing && cards.get(entry.thing);
  return (entry.thing || '').toLowerCase().includes(device) || (card && card.name.toLowerCase().includes(device));
}
function addLog(entries) {
  // A filter's first batch brings back kept messages the page may have: each sequence once, in order.
  const have = new Set(logRows.map((entry) => entry.sequence));
  let ordered = true;
  for (const entry of entries) {
    if (have.has(entry.sequence)) continue;
    if (logRows.length && entry.sequence < logRows[logRows.length - 1].sequence) ordered = false;
    logRows.push(entry); have.add(entry.sequence);
  }
  if (!ordered) logRows.sort((a, b) => a.sequence - b.sequence);
  if (logRows.length > LOG_ROWS) logRows.splice(0, logRows.length - LOG_ROWS);
  drawLog();
}
const rowBySequence = new Map();   // sequence -> its row, reused while shown
function drawLog() {
  shownLog = logRows.filter(logMatches).slice(-100).reverse();
  const rows = shownLog.map((entry) => rowBySequence.get(entry.sequence) || makeLogRow(entry));
  // Rows already in place stay untouched, so a click or the keyboard's focus survives a batch.
  rows.forEach((row, index) => { if (logBody.children[index] !== row) logBody.insertBefore(row, logBody.children[index] || null); });
  while (logBody.children.length > rows.length) logBody.lastElementChild.remove();
  const kept = new Set(shownLog.map((entry) => entry.sequence));
  for (const sequence of rowBySequence.keys()) if (!kept.has(sequence)) rowBySequence.delete(sequence);
}
function makeLogRow(entry) {
  const row = document.createElement('tr');
  row.dataset.kind = entry.kind; if (entry.thing) row.dataset.logThing = entry.thing;
  row.tabIndex = 0;
  row.title = 'Show the payload as a tree, with what changed since the message before on this topic';
  row.onclick = () => showLogDetail(entry);
  row.onkeydown = (event) => { if (event.key === 'Enter') showLogDetail(entry); };
  const card = entry.thing && cards.get(entry.thing);
  const cells = [new Date(entry.time).toISOString().slice(11, 23), card ? card.name : (entry.thing || ''), entry.kind, entry.direction, entry.topic, entry.payload];
  cells.forEach((text, index) => { const cell = row.insertCell(); cell.textContent = text; if (index === 5) { cell.className = 'payload'; cell.title = text; } });
  rowBySequence.set(entry.sequence, row);
  return row;
}
/** One message's payload as a JSON tree, the leaves that differ from the message before on its topic
 * marked: both whole from the server while it keeps them, else the rows' (cut) payloads. */
async function showLogDetail(entry) {
  const index = logRows.indexOf(entry);
  const shownPrevious = index >= 0 ? previousOnTopic(logRows, index) : null;
  let payloadText = entry.payload, previousText = shownPrevious ? shownPrevious.payload : null;
  try {
    const response = await fetch(withToken(`api/log/message?sequence=${entry.sequence}`));
    if (response.ok) { const whole = await response.json(); payloadText = whole.payload; previousText = whole.previous ?? previousText; }
  } catch { /* the rows' payloads will do */ }
  const payload = parseJson(payloadText), before = previousText == null ? null : parseJson(previousText);
  const heading = document.createElement('p');
  heading.textContent = `${entry.topic} at ${new Date(entry.time).toISOString().slice(11, 23)}`
    + (previousText == null ? ' — the first message kept on this topic' : ' — marked: what changed since the message before on this topic');
  const changed = new Set(previousText != null && isObject(payload) ? changedPaths(isObject(before) ? before : {}, payload).map((path) => `payload.${path}`) : []);
  const body = isObject(payload) ? jsonTree(payload, 'payload', changed, {}) : Object.assign(document.createElement('pre'), { textContent: payloadText });
  const close = document.createElement('button');
  close.textContent = 'Close'; close.onclick = () => { logDetail.hidden = true; };
  logDetail.replaceChildren(heading, body, close);
  logDetail.dataset.topic = entry.topic;
  logDetail.hidden = false;
}
$('[data-control=log-device]').addEventListener('input', drawLog);
let logFilterTimer = null;
$('[data-control=log-topic]').addEventListener('input', () => {
  drawLog();
  clearTimeout(logFilterTimer);
  logFilterTimer = setTimeout(sendLogFilter, 300);
});
/** Asks the server for this page's topic filter, so that its batches carry the newest matching
 * messages rather than the fleet's newest (starting with the matches it kept). */
async function sendLogFilter() {
  if (subscriber == null) return;
  try {
    const response = await fetch(withToken('api/log-filter'), { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                                                body: JSON.stringify({ subscriber, topic: $('[data-control=log-topic]').value.trim() }) });
    if (!response.ok) setText(document, 'log-filter-reply', (await response.json()).message);
    else setText(document, 'log-filter-reply', '');
  } catch { /* the filter still applies to the rows the page has */ }
}
$('[data-control=log-kind]').addEventListener('change', drawLog);
$('[data-control=log-export]').onclick = () => {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([toJsonLines(shownLog.slice().reverse())], { type: 'application/x-ndjson' }));
  link.download = `hatch-messages-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
};

connect();
