'use strict';
// The device panel: the shadow (desired, reported, delta as JSON trees with the version and each
// leaf's metadata time, the last update's fields highlighted, an editor for desired) and the
// device's timeline. One device at a time; it follows the device live while open.
const panel = $('[data-role=device-panel]');
const shadowSection = $('[data-role=shadow]', panel);
let panelThing = null, panelOpener = null, shadowFetching = false, shadowAgain = false;

function openPanel(thing, opener) {
  panelThing = thing; panelOpener = opener || null;
  const card = cards.get(thing);
  setText(panel, 'panel-title', card ? `${card.name} · ${card.productName}` : thing);
  shadowSection.dataset.version = '';
  for (const part of ['desired', 'reported', 'delta']) $(`[data-part=${part}]`, shadowSection).replaceChildren();
  setText(panel, 'desired-reply', '');
  panel.hidden = false;
  $('[data-control=panel-close]', panel).focus();
  refreshShadow(true);
  refreshTimeline();
}

function closePanel() {
  panel.hidden = true; panelThing = null;
  if (panelOpener && panelOpener.isConnected) panelOpener.focus();
}

$('[data-control=panel-close]', panel).onclick = closePanel;
panel.addEventListener('keydown', (event) => { if (event.key === 'Escape') closePanel(); });
$('[data-control=shadow-refresh]', panel).onclick = () => refreshShadow(true);
$('[data-control=timeline-hours]', panel).addEventListener('change', () => refreshTimeline());

/** Fetches the open device's shadow (at most one request at a time; a change meanwhile asks again). */
async function refreshShadow(fromDevice = false) {
  if (!panelThing) return;
  if (shadowFetching) { shadowAgain = true; return; }
  shadowFetching = true;
  const thing = panelThing;
  try {
    const response = await fetch(withToken(`api/shadow?thing=${encodeURIComponent(thing)}${fromDevice ? '&refresh=1' : ''}`));
    const body = await response.json();
    if (thing !== panelThing) return;
    if (!response.ok) { setText(panel, 'shadow-time', body.message); return; }
    drawShadow(body);
  } catch (error) {
    setText(panel, 'shadow-time', `the dashboard did not answer: ${error}`);
  } finally {
    shadowFetching = false;
    if (shadowAgain) { shadowAgain = false; refreshShadow(); }
  }
}

function drawShadow(shadow) {
  shadowSection.dataset.version = shadow.version;
  setText(panel, 'shadow-version', shadow.version);
  setText(panel, 'shadow-time', shadow.timestamp ? `· changed ${new Date(shadow.timestamp * 1000).toISOString().replace('T', ' ').slice(0, 19)} UTC` : '');
  const updated = new Set(shadow.updated || []);
  const metadata = shadow.metadata || {};
  for (const part of ['desired', 'reported', 'delta']) {
    const target = $(`[data-part=${part}]`, shadowSection);
    const value = shadow[part];
    target.replaceChildren(value == null ? emptyTree(part) : jsonTree(value, part, updated, metadata[part === 'delta' ? 'desired' : part]));
  }
  const editor = $('[data-control=desired-json]', panel);
  if (document.activeElement !== editor && !editor.dataset.edited) editor.value = JSON.stringify(shadow.desired || {}, null, 1);
}

function emptyTree(part) {
  const note = document.createElement('p');
  note.className = 'empty';
  note.textContent = part === 'delta' ? 'none: the device reports what is desired' : 'nothing';
  return note;
}

/** `value` as nested lists: each leaf with its metadata time, the leaves of the last update marked. */
function jsonTree(value, prefix, updated, metadata, path = '') {
  const list = document.createElement('ul');
  list.className = 'json';
  for (const key of Object.keys(value)) {
    const item = document.createElement('li');
    const here = path ? `${path}.${key}` : key;
    const name = document.createElement('span');
    name.className = 'key'; name.textContent = key;
    item.append(name);
    const child = value[key];
    if (isObject(child)) {
      item.append(jsonTree(child, prefix, updated, metadata, here));
    } else {
      const shown = document.createElement('span');
      shown.className = 'value'; shown.textContent = JSON.stringify(child);
      item.append(': ', shown);
      item.dataset.path = `${prefix}.${here}`;
      const stamp = metadataTime(metadata, here);
      if (stamp) {
        const time = document.createElement('time');
        time.dateTime = new Date(stamp * 1000).toISOString();
        time.textContent = time.dateTime.slice(11, 19);
        item.append(' ', time);
      }
      if (updated.has(`${prefix}.${here}`)) { item.classList.add('updated'); item.dataset.updated = 'true'; }
    }
    list.append(item);
  }
  return list;
}

const desiredEditor = $('[data-control=desired-json]', panel);
desiredEditor.addEventListener('input', () => { desiredEditor.dataset.edited = 'true'; });
$('[data-control=desired-send]', panel).onclick = () => {
  const reply = $('[data-role=desired-reply]', panel);
  let desired;
  try { desired = JSON.parse(desiredEditor.value); } catch (error) {
    reply.textContent = `not JSON: ${error.message}`; reply.className = 'reply failed'; return;
  }
  if (!isObject(desired)) { reply.textContent = 'desired must be a JSON object'; reply.className = 'reply failed'; return; }
  delete desiredEditor.dataset.edited;
  post({ thing: panelThing, action: 'desired', desired }, reply).then(() => refreshShadow());
};

/** Draws the open device's timeline: its light as coloured bars rising with brightness, the volume
 * as a line, offline stretches shaded. */
async function refreshTimeline() {
  if (!panelThing) return;
  const thing = panelThing;
  let reply;
  try {
    reply = await (await fetch(withToken(`api/timeline?thing=${encodeURIComponent(thing)}`))).json();
  } catch { return; }
  if (thing !== panelThing || !reply.points) return;
  const svg = $('[data-role=timeline]', panel);
  const width = 600, height = 120, now = simulation ? Date.parse(simulation.time) / 1000 : Date.now() / 1000;
  const hours = +$('[data-control=timeline-hours]', panel).value || 1;
  const span = timelineWindow(reply.points, hours, now);
  const geometry = { ...span, width, height };
  const shapes = [];
  for (const bar of lightBars(reply.points, geometry)) {
    const rect = svgElement('rect', { x: bar.x.toFixed(1), y: bar.y.toFixed(1), width: bar.width.toFixed(1), height: bar.height.toFixed(1), fill: bar.fill });
    rect.dataset.brightness = bar.brightness; rect.dataset.t = bar.t;
    shapes.push(rect);
  }
  for (const bar of lightBars(reply.points.map((point) => ({ ...point, brightness: point.online ? 0 : 100 })), geometry)) {
    if (bar.height > 0) shapes.push(svgElement('rect', { x: bar.x.toFixed(1), y: 0, width: bar.width.toFixed(1), height, class: 'offline' }));
  }
  shapes.push(svgElement('polyline', { points: stepLine(reply.points, 'volume', { ...geometry, max: 100 }), class: 'volume' }));
  svg.replaceChildren(...shapes);
  svg.dataset.points = reply.points.length;
  const last = reply.points[reply.points.length - 1];
  setText(panel, 'timeline-range', `to ${new Date(span.to * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  setText(panel, 'timeline-text', last ? `now: ${last.brightness ? `light rgb(${last.r}, ${last.g}, ${last.b}) at ${last.brightness}%` : 'light off'}, `
    + `volume ${last.volume}%, ${reply.names[last.playing] || 'nothing'}, ${last.online ? 'online' : 'offline'}` : 'no changes seen yet');
}

function svgElement(name, attributes) {
  const element = document.createElementNS('http://www.w3.org/2000/svg', name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

/** The fleet's samples: online, lit and playing devices and messages per second. */
async function refreshFleetTimeline() {
  let points;
  try { points = await (await fetch(withToken('api/timeline'))).json(); } catch { return; }
  if (!Array.isArray(points)) return;
  const width = 600, height = 80, now = simulation ? Date.parse(simulation.time) / 1000 : Date.now() / 1000;
  const geometry = { ...timelineWindow(points, 6, now), width, height };
  const devices = Math.max(1, cards.size), rate = Math.max(1, ...points.map((point) => point.messagesPerSecond));
  $('[data-role=fleet-timeline]').replaceChildren(
    svgElement('polyline', { points: stepLine(points, 'online', { ...geometry, max: devices }), class: 'online' }),
    svgElement('polyline', { points: stepLine(points, 'lit', { ...geometry, max: devices }), class: 'lit' }),
    svgElement('polyline', { points: stepLine(points, 'playing', { ...geometry, max: devices }), class: 'playing' }),
    svgElement('polyline', { points: stepLine(points, 'messagesPerSecond', { ...geometry, max: rate }), class: 'rate' }));
  const last = points[points.length - 1];
  setText(document, 'fleet-timeline-text', last ? `now ${last.online} online, ${last.lit} lit, ${last.playing} playing, ${Math.round(last.messagesPerSecond)} messages/s` : '');
}

setInterval(() => { if (panelThing) { refreshTimeline(); refreshShadow(); } }, 2000);
setInterval(refreshFleetTimeline, 5000);
setTimeout(refreshFleetTimeline, 500);
