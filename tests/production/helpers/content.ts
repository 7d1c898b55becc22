import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { VALID_FIXTURE } from '../../helpers/fixtures.js';

/** A writable copy of the valid fixture content, for a test to republish. */
export async function copyFixtureContent(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-content-'));
  await cp(VALID_FIXTURE, dir, { recursive: true });
  return dir;
}

/** Rewrites one JSON file of a content folder. */
export async function editJson(
  dir: string,
  file: string,
  edit: (data: Record<string, unknown>) => void,
): Promise<void> {
  const target = path.join(dir, file);
  const data = JSON.parse(await readFile(target, 'utf8')) as Record<string, unknown>;
  edit(data);
  await writeFile(target, `${JSON.stringify(data, null, 2)}\n`);
}
