'use strict';
// The timelines' geometry: where each moment of a device's light, volume and connection goes on a
// chart, and the fleet's series as polylines. Pure functions, so that node's test runner checks them
// (Tests/DashboardScript).

/**
 * A device's light as bars, one per point until the next (the last until `to`): `x` and `width` from
 * time, `height` from brightness (a sunrise rises), `fill` the light's colour. Points before `from`
 * start at `from`; an off light has height 0.
 */
function lightBars(points, { from, to, width, height }) {
  const span = Math.max(1, to - from);
  const xOf = (t) => Math.min(width, Math.max(0, ((t - from) / span) * width));
  const bars = [];
  points.forEach((point, index) => {
    const end = index + 1 < points.length ? points[index + 1].t : to;
    if (end <= from || point.t >= to) return;
    const x = xOf(point.t), right = xOf(end);
    const barHeight = (point.brightness / 100) * height;
    bars.push({ x, width: Math.max(0.5, right - x), y: height - barHeight, height: barHeight, fill: `rgb(${point.r}, ${point.g}, ${point.b})`,
                brightness: point.brightness, t: point.t });
  });
  return bars;
}

/** A step line through `values` (key of each point) scaled to `max`, as an SVG polyline's points. */
function stepLine(points, key, { from, to, width, height, max }) {
  const span = Math.max(1, to - from), top = Math.max(1, max);
  const xOf = (t) => Math.min(width, Math.max(0, ((t - from) / span) * width));
  const yOf = (value) => height - (Math.min(top, value) / top) * height;
  const coordinates = [];
  points.forEach((point, index) => {
    const value = typeof key === 'function' ? key(point) : point[key];
    const end = index + 1 < points.length ? points[index + 1].t : to;
    coordinates.push(`${xOf(point.t).toFixed(1)},${yOf(value).toFixed(1)}`, `${xOf(end).toFixed(1)},${yOf(value).toFixed(1)}`);
  });
  return coordinates.join(' ');
}

/** The window a timeline shows: the last `hours` before the newest point (or `now`). */
function timelineWindow(points, hours, now) {
  const newest = points.length ? Math.max(points[points.length - 1].t, now || 0) : (now || 0);
  return { from: newest - hours * 3600, to: newest };
}

if (typeof module !== 'undefined') module.exports = { lightBars, stepLine, timelineWindow };
