'use strict';
// The virtualised card grid's arithmetic: which cards a scroll position shows and where each goes.
// Pure functions, so that node's test runner checks them (Tests/DashboardScript).

/** How many fixed-size cards fit side by side in a viewport `viewportWidth` pixels wide (at least one). */
function gridColumns(viewportWidth, cardWidth, gap) {
  return Math.max(1, Math.floor((viewportWidth + gap) / (cardWidth + gap)));
}

/**
 * The cards to draw for a scroll position: indices `first` up to (not including) `last` of `count`
 * cards in `columns` columns, with `overscan` rows above and below the viewport drawn ahead; `height`
 * is the whole grid's height in pixels, `rows` its rows.
 */
function gridWindow({ count, columns, cardHeight, gap, scrollTop, viewportHeight, overscan = 1 }) {
  const rowHeight = cardHeight + gap;
  const rows = Math.ceil(count / columns);
  const height = Math.max(0, rows * rowHeight - gap);
  const firstRow = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const lastRow = Math.min(rows, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan);
  const last = Math.min(count, lastRow * columns);
  return { rows, height, first: Math.min(firstRow * columns, last), last };
}

/** The top-left corner, in pixels, of card `index`. */
function gridPosition(index, columns, cardWidth, cardHeight, gap) {
  return { left: (index % columns) * (cardWidth + gap), top: Math.floor(index / columns) * (cardHeight + gap) };
}

if (typeof module !== 'undefined') module.exports = { gridColumns, gridWindow, gridPosition };
