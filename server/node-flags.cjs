'use strict';
/**
 * The V8 flags every way of running the server passes (`npm start`, PM2's ecosystem, the benches):
 * those `server/node-flags.json` lists for the running Node's major version, or for the nearest
 * version below it that it lists (the lowest listed, for an older Node). Why each flag and value:
 * docs/operations.md (`node_args`), with the measurements in BENCHMARKS.md.
 */
/** @type {Readonly<Record<string, readonly string[]>>} */
const BY_MAJOR = require('./node-flags.json');

/**
 * The flags for Node `version` (`process.versions.node` by default).
 * @param {string} [version]
 * @returns {string[]}
 */
function nodeFlags(version = process.versions.node) {
  const major = Number.parseInt(version, 10);
  const listed = Object.keys(BY_MAJOR)
    .map(Number)
    .sort((a, b) => a - b);
  const chosen = listed.filter((listedMajor) => listedMajor <= major).at(-1) ?? listed[0];
  return [...(BY_MAJOR[String(chosen)] ?? [])];
}

module.exports = { nodeFlags };
