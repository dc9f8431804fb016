'use strict';
// The shadow panel's arithmetic: a JSON document's leaves, what changed between two documents, and a
// leaf's metadata timestamp. Pure functions, so that node's test runner checks them (Tests/DashboardScript).

/** Whether `value` is a JSON object (not an array, not null). */
function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The dotted paths and values of `value`'s leaves (arrays are leaves), under `prefix`. */
function jsonLeaves(value, prefix = '') {
  if (!isObject(value)) return prefix ? [[prefix, value]] : [];
  const leaves = [];
  for (const key of Object.keys(value)) leaves.push(...jsonLeaves(value[key], prefix ? `${prefix}.${key}` : key));
  return leaves;
}

/** The dotted paths of the leaves that differ between `before` and `after` (added, removed or changed). */
function changedPaths(before, after, prefix = '') {
  if (isObject(before) && isObject(after)) {
    const keys = new Set([...Object.keys(after), ...Object.keys(before)]);
    const paths = [];
    for (const key of keys) paths.push(...changedPaths(before[key], after[key], prefix ? `${prefix}.${key}` : key));
    return paths;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (isObject(after)) return jsonLeaves(after, prefix).map(([path]) => path);
  if (isObject(before)) return jsonLeaves(before, prefix).map(([path]) => path);
  return [prefix];
}

/** The `timestamp` (Unix seconds) AWS keeps for the leaf at `path` in `metadata`, or null. */
function metadataTime(metadata, path) {
  let node = metadata;
  for (const key of path.split('.')) {
    if (!isObject(node)) return null;
    node = node[key];
  }
  return isObject(node) && typeof node.timestamp === 'number' ? node.timestamp : null;
}

/** The payload text as JSON, or null when it is not JSON (cut at the log's limit, or plain text). */
function parseJson(text) {
  try { return JSON.parse(text); } catch { return null; }
}

if (typeof module !== 'undefined') module.exports = { isObject, jsonLeaves, changedPaths, metadataTime, parseJson };
