import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

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
