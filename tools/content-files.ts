import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format } from 'prettier';
import { serviceEnv } from './service-settings.js';

/** The content folder a curator command works on: `--dir`, else `CONTENT_DIR`, else `content/`. */
export function contentDirOf(dir: string | undefined): string {
  return path.resolve(dir ?? (serviceEnv().CONTENT_DIR || 'content'));
}

/** Writes a content file formatted as the shipped ones (Prettier's JSON style), so a diff shows only the change. */
export async function writeContentFile(file: string, data: unknown): Promise<void> {
  await writeFile(file, await format(JSON.stringify(data), { parser: 'json', printWidth: 110 }));
}

export async function readJsonFile(file: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
}
