import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../../tools/command-line.js';

/** `npm run client:contract`: writes client/src/contract.ts; `--check` only says whether it is current. */
const { values } = readCommandLine({
  usage: 'npm run client:contract -- [--check]',
  description: "Writes the client's contract, client/src/contract.ts, from server/api/procedures.ts.",
  options: {
    check: { type: 'boolean', description: 'only say whether the file is current (exit 1 when not)' },
  },
});
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const target = path.join(root, 'client/src/contract.ts');
// The compiler and Prettier load once the command line is good: `--help` answers without them.
const { generateContract } = await import('./contract.js');
const contract = await generateContract(root);
if (values.check) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== contract) {
    console.error('client/src/contract.ts is out of date: run `npm run client:contract`');
    process.exit(1);
  }
  console.log('client/src/contract.ts is current');
} else {
  await writeFile(target, contract);
  console.log('wrote client/src/contract.ts');
}
