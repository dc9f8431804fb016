// The message log's topic filter and export (Sources/HatchDashboard/Web/Assets/logview.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { topicMatches, toJsonLines, previousOnTopic } = require('../../Sources/HatchDashboard/Web/Assets/logview.js');

test('MQTT wildcards: + is one level, # every level below', () => {
  assert.ok(topicMatches('$aws/things/+/shadow/#', '$aws/things/abc/shadow/update/accepted'));
  assert.ok(topicMatches('$aws/things/+/shadow/update', '$aws/things/abc/shadow/update'));
  assert.ok(!topicMatches('$aws/things/+/shadow/update', '$aws/things/abc/shadow/update/accepted'));
  assert.ok(!topicMatches('$aws/things/+/shadow/update', '$aws/things/abc/shadow'));
  assert.ok(topicMatches('hatch/#', 'hatch/things/abc/presence'));
  assert.ok(topicMatches('#', 'anything/at/all'));
  assert.ok(!topicMatches('hatch/+/abc', 'hatch/things/xyz'));
});

test('a filter without wildcards finds topics that contain it; an empty one finds every topic', () => {
  assert.ok(topicMatches('restoreV5-a4c1', '$aws/things/restoreV5-a4c13800/shadow/update'));
  assert.ok(topicMatches('  ', 'x/y'));
  assert.ok(!topicMatches('presence', '$aws/things/x/shadow/update'));
});

test('export: one JSON object a line, JSON payloads parsed, others kept as text', () => {
  const lines = toJsonLines([
    { time: 0, topic: 't/1', thing: 'a', kind: 'update', direction: 'app → cloud', payload: '{"state":{}}' },
    { time: 1000, topic: 't/2', kind: 'other', direction: 'device', payload: 'cut…' },
  ]).trim().split('\n').map((line) => JSON.parse(line));
  assert.equal(lines.length, 2);
  assert.deepEqual(lines[0].payload, { state: {} });
  assert.equal(lines[1].payload, 'cut…');
  assert.equal(lines[1].thing, null);
  assert.equal(lines[1].time, '1970-01-01T00:00:01.000Z');
  assert.equal(toJsonLines([]), '');
});

test('the message before on the same topic', () => {
  const entries = [{ topic: 'a', n: 1 }, { topic: 'b', n: 2 }, { topic: 'a', n: 3 }];
  assert.equal(previousOnTopic(entries, 2).n, 1);
  assert.equal(previousOnTopic(entries, 1), null);
});
