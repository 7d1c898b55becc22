/** The V8 flags for Node `version` (`process.versions.node` by default): server/node-flags.cjs. */
export function nodeFlags(version?: string): string[];
