// The shadow panel's and the message log's JSON arithmetic (Sources/HatchDashboard/Web/Assets/shadowview.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { jsonLeaves, changedPaths, metadataTime, parseJson } = require('../../Sources/HatchDashboard/Web/Assets/shadowview.js');

test('a document\'s leaves are its dotted paths; arrays are leaves', () => {
  assert.deepEqual(jsonLeaves({ current: { color: { r: 1, g: 2 } }, steps: [1, 2] }),
                   [['current.color.r', 1], ['current.color.g', 2], ['steps', [1, 2]]]);
});

test('what changed between two documents: changed, added and removed leaves, nothing for equal ones', () => {
  const before = { current: { color: { r: 1, g: 2 }, sound: { v: 10 } }, old: true };
  const after = { current: { color: { r: 5, g: 2 }, sound: { v: 10, id: 3 } } };
  assert.deepEqual(changedPaths(before, after).sort(), ['current.color.r', 'current.sound.id', 'old']);
  assert.deepEqual(changedPaths(after, after), []);
  assert.deepEqual(changedPaths(undefined, { a: { b: 1 } }), ['a.b']);
});

test('a leaf\'s metadata timestamp, or null where AWS keeps none', () => {
  const metadata = { current: { color: { r: { timestamp: 1767600000 } } } };
  assert.equal(metadataTime(metadata, 'current.color.r'), 1767600000);
  assert.equal(metadataTime(metadata, 'current.color.g'), null);
  assert.equal(metadataTime(undefined, 'current'), null);
});

test('a payload cut at the log\'s limit is not JSON', () => {
  assert.deepEqual(parseJson('{"a":1}'), { a: 1 });
  assert.equal(parseJson('{"a":1, "b": "…'), null);
});
