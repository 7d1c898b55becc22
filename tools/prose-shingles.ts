/**
 * `npm run record:shingles -- <folder> [--out <file>]`: writes the hashes of the 8-word runs of
 * other trackers' prose (docs/record/prose-shingles.json) from the files saved in <folder>, so
 * the test of our own wording (tests/server/content/own-words.test.ts) can run without the texts.
 * Each file is one source: a `.json` file counts its string values, any other file its text.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  SHINGLE_WORDS,
  jsonStrings,
  normalizedWords,
  shingleHash,
  shingles,
} from '../domain/content/shingles.js';
import { readCommandLine } from './command-line.js';

const {
  values: flags,
  positionals: [folder = ''],
  refuse,
} = readCommandLine({
  usage: 'npm run record:shingles -- <folder> [--out <file>]',
  description:
    "Writes the hashes of every 8-word run of the other trackers' texts saved in <folder>, never the texts.",
  arguments: [
    {
      name: '<folder>',
      required: true,
      description: 'the saved texts, one file per source (a .json file counts its string values)',
    },
  ],
  options: {
    out: {
      type: 'string',
      value: '<file>',
      description: 'where to write (default: docs/record/prose-shingles.json)',
    },
  },
});

const out = flags.out ?? path.join('docs', 'record', 'prose-shingles.json');
let names: string[] = [];
try {
  names = (await readdir(folder, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
} catch {
  refuse(`cannot read the folder '${folder}'`);
}
if (names.length === 0) refuse(`the folder '${folder}' holds no file`);

const hashes = new Set<string>();
const sources: { name: string; shingles: number }[] = [];
for (const name of names) {
  const raw = await readFile(path.join(folder, name), 'utf8');
  const texts = name.endsWith('.json') ? jsonStrings(JSON.parse(raw) as unknown) : [raw];
  const runs = new Set(texts.flatMap((text) => shingles(normalizedWords(text))));
  for (const run of runs) hashes.add(shingleHash(run));
  sources.push({ name, shingles: runs.size });
}

const document = {
  about:
    "Hashes of every run of 8 words in other trackers' prose (docs/record/RESEARCH.md lists them); written by npm run record:shingles, read by tests/server/content/own-words.test.ts.",
  words: SHINGLE_WORDS,
  hash: 'first 16 hex digits of the SHA-256 of the normalized words joined by one space (domain/content/shingles.ts)',
  sources,
  hashes: [...hashes].sort(),
};
await writeFile(out, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${out}: ${hashes.size} runs from ${sources.length} files`);
