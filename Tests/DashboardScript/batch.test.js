// The batch merge (Sources/HatchDashboard/Web/Assets/batch.js), with node's test runner.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { emptyPending, mergeBatch, latestCards } = require('../../Sources/HatchDashboard/Web/Assets/batch.js');

const card = (thing, fields = {}) => ({ thing, name: thing, presence: 'online', ...fields });

test('partial batches add their cards after those waiting, and log entries accumulate', () => {
  const pending = emptyPending();
  mergeBatch(pending, { full: false, cards: [card('a')], log: [{ topic: 't1' }] });
  mergeBatch(pending, { full: false, cards: [card('b')], log: [{ topic: 't2' }] });
  assert.deepEqual(pending.cards.map((c) => c.thing), ['a', 'b']);
  assert.deepEqual(pending.log.map((e) => e.topic), ['t1', 't2']);
  assert.equal(pending.full, false);
});

test('a full batch replaces every card waiting and the sound catalogue; later partial ones follow it', () => {
  const pending = emptyPending();
  mergeBatch(pending, { full: false, cards: [card('old')], log: [] });
  mergeBatch(pending, { full: true, cards: [card('a'), card('b')], log: [], sounds: { riot: [{ id: 2, name: 'Ocean' }] } });
  mergeBatch(pending, { full: false, cards: [card('a', { presence: 'offline' })], log: [] });
  assert.equal(pending.full, true);
  assert.deepEqual(pending.cards.map((c) => c.thing), ['a', 'b', 'a']);
  assert.deepEqual(pending.sounds, { riot: [{ id: 2, name: 'Ocean' }] });
});

test('the merge copies a full batch, so a later partial one cannot change the batch it came from', () => {
  const full = { full: true, cards: [card('a')], log: [] };
  const pending = mergeBatch(emptyPending(), full);
  mergeBatch(pending, { full: false, cards: [card('b')], log: [] });
  assert.equal(full.cards.length, 1);
});

test('the newest simulation state wins; a batch without one keeps it', () => {
  const pending = emptyPending();
  mergeBatch(pending, { full: false, cards: [], log: [], simulation: { speed: 60 } });
  mergeBatch(pending, { full: false, cards: [], log: [], simulation: { speed: 600 } });
  mergeBatch(pending, { full: false, cards: [], log: [] });
  assert.deepEqual(pending.simulation, { speed: 600 });
});

test('a batch without a log adds none', () => {
  const pending = mergeBatch(emptyPending(), { full: false, cards: [card('a')] });
  assert.deepEqual(pending.log, []);
});

test('per device, the latest update wins, whole (no field of an older one survives), in first-seen order', () => {
  const latest = latestCards([card('a', { light: { on: true } }), card('b'), card('a', { presence: 'offline' })]);
  assert.deepEqual([...latest.keys()], ['a', 'b']);
  assert.equal(latest.get('a').presence, 'offline');
  assert.equal(latest.get('a').light, undefined);
});

test('no cards, no devices', () => {
  assert.equal(latestCards([]).size, 0);
});

test('a full batch\'s stream id is kept for the log filter until the page takes it', () => {
  const pending = emptyPending();
  mergeBatch(pending, { full: true, cards: [], log: [], subscriber: 7 });
  mergeBatch(pending, { full: false, cards: [], log: [] });
  assert.equal(pending.subscriber, 7);
});
