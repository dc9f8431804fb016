'use strict';
// Saved commands: named device actions kept in a file beside the toolkit's other settings, applied to
// the open device or to every device the search matches, after a confirmation, with a live tally.
const savedList = $('[data-role=saved-commands]');
const savedReply = $('[data-role=saved-reply]');
const tallyOutput = $('[data-role=bulk-tally]');
const confirmBox = $('[data-role=bulk-confirm]');
let savedCommands = [], confirming = null, tallyTimer = null;

async function loadSavedCommands() {
  try {
    const response = await fetch(withToken('api/commands'));
    const body = await response.json();
    if (!response.ok) { savedReply.textContent = body.message; savedReply.className = 'reply failed'; return; }
    savedCommands = body;
    drawSavedCommands();
  } catch (error) {
    savedReply.textContent = `the dashboard did not answer: ${error}`;
  }
}

function drawSavedCommands() {
  savedList.replaceChildren(...savedCommands.map((saved) => {
    const item = document.createElement('li');
    item.dataset.role = 'saved-command';
    item.dataset.name = saved.name;
    const name = document.createElement('b');
    name.textContent = saved.name;
    const summary = document.createElement('span');
    summary.className = 'summary';
    summary.textContent = ` ${commandSummary(saved.command)} `;
    const toSearch = button('Apply to search', 'saved-apply-search', `Apply ${saved.name} to every device the search matches`,
                            () => askBulk(saved, visible.slice()));
    const toDevice = button('Apply to open device', 'saved-apply-device', `Apply ${saved.name} to the device open in the panel`,
                            () => panelThing && askBulk(saved, [panelThing]));
    const remove = button('Delete', 'saved-delete', `Delete ${saved.name}`, () => deleteSaved(saved.name));
    item.append(name, summary, toSearch, ' ', toDevice, ' ', remove);
    return item;
  }));
}

function button(text, control, label, onclick) {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = text; element.dataset.control = control; element.setAttribute('aria-label', label);
  element.onclick = onclick;
  return element;
}

/** `light #FF0000 at 30%`, `volume 40%`, … */
function commandSummary(command) {
  switch (command.action) {
    case 'light': return `light ${command.color} at ${command.brightness}%`;
    case 'sound': return `sound ${command.sound} at ${command.volume}%`;
    case 'volume': return `volume ${command.volume}%`;
    case 'startRoutine': return `start routine ${command.routine}`;
    default: return command.action;
  }
}

$('[data-role=save-command]').addEventListener('submit', async (event) => {
  event.preventDefault();
  const value = (name) => $(`[data-control=save-${name}]`).value;
  const action = value('action');
  const command = { action };
  if (action === 'light') Object.assign(command, { color: value('color'), brightness: +value('brightness') });
  if (action === 'sound') Object.assign(command, { sound: +value('sound'), volume: +value('volume') });
  if (action === 'volume') command.volume = +value('volume');
  if (action === 'startRoutine') command.routine = +value('routine');
  await changeSaved('api/commands', { name: value('name').trim(), command }, `Saved "${value('name').trim()}".`);
});

async function deleteSaved(name) {
  await changeSaved('api/commands/delete', { name }, `Deleted "${name}".`);
}

async function changeSaved(path, body, done) {
  try {
    const response = await fetch(withToken(path), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const reply = await response.json();
    if (!response.ok) { savedReply.textContent = reply.message; savedReply.className = 'reply failed'; return; }
    savedCommands = reply; drawSavedCommands();
    savedReply.textContent = done; savedReply.className = 'reply ok';
  } catch (error) {
    savedReply.textContent = `the dashboard did not answer: ${error}`; savedReply.className = 'reply failed';
  }
}

/** Asks before sending: `Apply "Night red" to 10 devices?` */
function askBulk(saved, things) {
  if (!things.length) { savedReply.textContent = 'no device to apply it to'; savedReply.className = 'reply failed'; return; }
  confirming = { saved, things };
  setText(document, 'bulk-question', `Apply "${saved.name}" (${commandSummary(saved.command)}) to ${things.length} device${things.length === 1 ? '' : 's'}?`);
  confirmBox.hidden = false;
  $('[data-control=bulk-confirm]').focus();
}

$('[data-control=bulk-cancel]').onclick = () => { confirmBox.hidden = true; confirming = null; };
$('[data-control=bulk-confirm]').onclick = async () => {
  confirmBox.hidden = true;
  if (!confirming) return;
  const { saved, things } = confirming;
  confirming = null;
  try {
    const response = await fetch(withToken('api/bulk'), { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                                          body: JSON.stringify({ name: saved.name, command: saved.command, things }) });
    const tally = await response.json();
    if (!response.ok) { savedReply.textContent = tally.message; savedReply.className = 'reply failed'; return; }
    drawTally(tally);
    clearInterval(tallyTimer);
    tallyTimer = setInterval(() => pollTally(tally.id), 250);
  } catch (error) {
    savedReply.textContent = `the dashboard did not answer: ${error}`; savedReply.className = 'reply failed';
  }
};

async function pollTally(id) {
  try {
    const tally = await (await fetch(withToken(`api/bulk?id=${id}`))).json();
    drawTally(tally);
    if (tally.finished) clearInterval(tallyTimer);
  } catch { /* the next poll tries again */ }
}

function drawTally(tally) {
  for (const key of ['total', 'applied', 'rejected', 'offline', 'timedOut', 'failed']) tallyOutput.dataset[key] = tally[key];
  tallyOutput.dataset.finished = tally.finished;
  const reasons = Object.entries(tally.reasons || {}).map(([kind, text]) => `${kind}: ${text}`).join(' · ');
  tallyOutput.textContent = `${tally.name}: ${tally.applied} applied · ${tally.rejected} rejected · ${tally.offline} offline · `
    + `${tally.timedOut} timed out${tally.failed ? ` · ${tally.failed} failed` : ''} of ${tally.total}${tally.finished ? '' : ' …'}`
    + (reasons ? ` (${reasons})` : '');
}

loadSavedCommands();
