// A webpack loader for a remote's early script (remoteConfigs' `early.strings`): a locale JSON file reduced to the
// listed keys (dotted paths, nested as in the file), so the script carries the few strings its first paint shows in
// every language and not the whole namespace. A key a language lacks is left out (the script falls back to English).
'use strict';

/** @param {unknown} node @param {string[]} parts */
function at(node, parts) {
  let current = node;
  for (const part of parts) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, part)) return undefined;
    current = /** @type {Record<string, unknown>} */ (current)[part];
  }
  return current;
}

/** @param {Record<string, unknown>} target @param {string[]} parts @param {unknown} value */
function put(target, parts, value) {
  let current = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof current[part] !== 'object' || current[part] === null) current[part] = {};
    current = /** @type {Record<string, unknown>} */ (current[part]);
  }
  current[parts[parts.length - 1]] = value;
}

/** @param {string} source @param {string[]} keys @returns {string} */
function pickStrings(source, keys) {
  const all = JSON.parse(source);
  /** @type {Record<string, unknown>} */
  const picked = {};
  for (const key of keys) {
    const parts = key.split('.');
    const value = at(all, parts);
    if (typeof value === 'string') put(picked, parts, value);
  }
  return JSON.stringify(picked);
}

/** @this {{ getOptions(): { keys: string[] } }} @param {string} source */
module.exports = function pickStringsLoader(source) {
  return pickStrings(source, this.getOptions().keys);
};
module.exports.pickStrings = pickStrings;
