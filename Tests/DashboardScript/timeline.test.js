// The timelines' geometry (Sources/HatchDashboard/Web/Assets/timeline.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { lightBars, stepLine, timelineWindow } = require('../../Sources/HatchDashboard/Web/Assets/timeline.js');

const point = (t, brightness, fields = {}) => ({ t, r: 255, g: 120, b: 0, brightness, volume: 0, online: true, playing: 0, ...fields });

test('a sunrise draws as bars rising with brightness, each until the next point, in the light\'s colour', () => {
  const bars = lightBars([point(0, 10), point(60, 40), point(120, 90)], { from: 0, to: 180, width: 180, height: 100 });
  assert.deepEqual(bars.map((bar) => bar.height), [10, 40, 90]);
  assert.deepEqual(bars.map((bar) => [bar.x, bar.width]), [[0, 60], [60, 60], [120, 60]]);
  assert.ok(bars.every((bar) => bar.fill === 'rgb(255, 120, 0)'));
  assert.equal(bars[2].y, 10);
});

test('points before the window start at its left edge; points after it are left out', () => {
  const bars = lightBars([point(-100, 50), point(50, 20), point(500, 80)], { from: 0, to: 100, width: 100, height: 10 });
  assert.deepEqual(bars.map((bar) => [bar.x, bar.width]), [[0, 50], [50, 50]]);
});

test('a step line holds each value until the next point', () => {
  assert.equal(stepLine([{ t: 0, v: 0 }, { t: 50, v: 10 }], 'v', { from: 0, to: 100, width: 100, height: 10, max: 10 }),
               '0.0,10.0 50.0,10.0 50.0,0.0 100.0,0.0');
});

test('the window ends at the newest point or now, whichever is later', () => {
  assert.deepEqual(timelineWindow([point(7200, 0)], 1, 3600), { from: 3600, to: 7200 });
  assert.deepEqual(timelineWindow([], 1, 3600), { from: 0, to: 3600 });
});
