import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateContract } from './contract.js';

/** `npm run client:contract`: writes client/src/contract.ts; `--check` only says whether it is current. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const target = path.join(root, 'client/src/contract.ts');
const contract = await generateContract(root);
if (process.argv.includes('--check')) {
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
