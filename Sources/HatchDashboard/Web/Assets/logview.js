'use strict';
// The message log's filter and export. Pure functions, so that node's test runner checks them
// (Tests/DashboardScript).

/**
 * Whether MQTT topic `topic` matches `filter`, with MQTT's wildcards: `+` one level, `#` every level
 * below (last only). An empty filter matches every topic; a filter without wildcards matches a topic
 * that contains it, so a device's thing name alone finds its messages.
 */
function topicMatches(filter, topic) {
  const wanted = filter.trim();
  if (!wanted) return true;
  if (!wanted.includes('+') && !wanted.includes('#')) return topic.includes(wanted);
  const levels = wanted.split('/'), parts = topic.split('/');
  for (let index = 0; index < levels.length; index++) {
    if (levels[index] === '#') return index === levels.length - 1;
    if (index >= parts.length) return false;
    if (levels[index] !== '+' && levels[index] !== parts[index]) return false;
  }
  return levels.length === parts.length;
}

/** The entries as JSON Lines: one object a line, the payload parsed when it is JSON. */
function toJsonLines(entries) {
  return entries.map((entry) => {
    let payload = entry.payload;
    try { payload = JSON.parse(entry.payload); } catch { /* kept as text */ }
    return JSON.stringify({ time: new Date(entry.time).toISOString(), topic: entry.topic, thing: entry.thing || null,
                            kind: entry.kind, direction: entry.direction, payload });
  }).join('\n') + (entries.length ? '\n' : '');
}

/** The entry before `index` in `entries` on the same topic, or null. */
function previousOnTopic(entries, index) {
  for (let at = index - 1; at >= 0; at--) if (entries[at].topic === entries[index].topic) return entries[at];
  return null;
}

if (typeof module !== 'undefined') module.exports = { topicMatches, toJsonLines, previousOnTopic };
