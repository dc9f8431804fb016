// The virtualised grid's arithmetic (Sources/HatchDashboard/Web/Assets/grid.js), with node's test runner.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { gridColumns, gridWindow, gridPosition } = require('../../Sources/HatchDashboard/Web/Assets/grid.js');

// The page's card size: 320 × 300 pixels with a 12-pixel gap, so a row is 312 pixels tall.
const card = { cardHeight: 300, gap: 12 };

test('columns: as many cards as fit, at least one', () => {
  assert.equal(gridColumns(1000, 320, 12), 3);   // 3 × 332 − 12 = 984 ≤ 1000
  assert.equal(gridColumns(983, 320, 12), 2);
  assert.equal(gridColumns(100, 320, 12), 1);
  assert.equal(gridColumns(0, 320, 12), 1);
});

test('at the top: the rows in view and one row below are drawn', () => {
  const shown = gridWindow({ count: 10000, columns: 3, ...card, scrollTop: 0, viewportHeight: 700 });
  assert.equal(shown.rows, 3334);
  assert.equal(shown.height, 3334 * 312 - 12);
  assert.equal(shown.first, 0);
  assert.equal(shown.last, 4 * 3);                 // rows 0–2 in view (700 / 312), one more below
});

test('in the middle: one row of overscan above and below', () => {
  const shown = gridWindow({ count: 10000, columns: 3, ...card, scrollTop: 312 * 100 + 50, viewportHeight: 700 });
  assert.equal(shown.first, 99 * 3);
  assert.equal(shown.last, 104 * 3);
  const wider = gridWindow({ count: 10000, columns: 3, ...card, scrollTop: 312 * 100 + 50, viewportHeight: 700, overscan: 3 });
  assert.equal(wider.first, 97 * 3);
  assert.equal(wider.last, 106 * 3);
});

test('an empty list draws nothing and has no height', () => {
  assert.deepEqual(gridWindow({ count: 0, columns: 3, ...card, scrollTop: 0, viewportHeight: 700 }),
                   { rows: 0, height: 0, first: 0, last: 0 });
});

test('scrolled past the end (the list shrank under a search): nothing beyond the last card', () => {
  const shown = gridWindow({ count: 7, columns: 3, ...card, scrollTop: 312 * 50, viewportHeight: 700 });
  assert.equal(shown.last, 7);
  assert.ok(shown.first <= shown.last);
  const short = gridWindow({ count: 7, columns: 3, ...card, scrollTop: 0, viewportHeight: 700 });
  assert.deepEqual([short.first, short.last], [0, 7]);
});

test('a resize to fewer columns draws the same scroll position with more rows', () => {
  const wide = gridWindow({ count: 100, columns: 4, ...card, scrollTop: 0, viewportHeight: 700 });
  const narrow = gridWindow({ count: 100, columns: 1, ...card, scrollTop: 0, viewportHeight: 700 });
  assert.equal(wide.rows, 25);
  assert.equal(narrow.rows, 100);
  assert.deepEqual([narrow.first, narrow.last], [0, 4]);
});

test('positions: left to right, then the next row', () => {
  assert.deepEqual(gridPosition(0, 3, 320, 300, 12), { left: 0, top: 0 });
  assert.deepEqual(gridPosition(2, 3, 320, 300, 12), { left: 664, top: 0 });
  assert.deepEqual(gridPosition(3, 3, 320, 300, 12), { left: 0, top: 312 });
});
