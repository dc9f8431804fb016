'use strict';
// How the page folds the server's batches (`/events`) into what it draws at the next animation frame.
// Pure functions, so that node's test runner checks them (Tests/DashboardScript).

/** A frame's worth of batches, empty. */
function emptyPending() {
  return { cards: [], log: [], full: false, sounds: null, simulation: null, subscriber: null };
}

/**
 * Folds one batch into `pending`: a full batch replaces every card waiting (and the sound catalogue),
 * a partial one adds its cards after them; log entries accumulate; the newest simulation state and
 * stream id (a full batch's `subscriber`, for the log filter) win.
 */
function mergeBatch(pending, batch) {
  if (batch.full) {
    pending.full = true;
    pending.cards = batch.cards.slice();
    if (batch.sounds) pending.sounds = batch.sounds;
  } else {
    pending.cards.push(...batch.cards);
  }
  pending.log.push(...(batch.log || []));
  if (batch.simulation) pending.simulation = batch.simulation;
  if (batch.subscriber != null) pending.subscriber = batch.subscriber;
  return pending;
}

/** The cards waiting, one per device (the latest update of each), in the order devices first appear. */
function latestCards(cards) {
  const byThing = new Map();
  for (const card of cards) byThing.set(card.thing, card);
  return byThing;
}

if (typeof module !== 'undefined') module.exports = { emptyPending, mergeBatch, latestCards };
