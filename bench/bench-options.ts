/**
 * Command-line pieces the bench scripts share, for `readCommandLine` (tools/command-line.ts): the
 * `--content` option and its check, and the `<label>=<folder>` arguments of the A/B scripts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEMO_FIXTURE } from '../tests/helpers/fixtures.js';

/** `--content <dir>`: the content folder a script serves. */
export const CONTENT_OPTION = {
  type: 'string',
  value: '<dir>',
  description: 'the content folder (default tests/fixtures/content-demo)',
} as const;

/** The `--content` given (the demo set when none), or the command line refused: it needs events/. */
export function contentFolder(given: string | undefined, refuse: (message: string) => never): string {
  const content = given ?? DEMO_FIXTURE;
  if (!existsSync(path.join(content, 'events'))) refuse(`--content: '${content}' has no events/ folder`);
  return content;
}

/**
 * Each `<label>=<folder>` argument as a label and an absolute folder, or the command line refused:
 * `placeholder` names the folder as the usage does (`<dir>`), and each folder must hold `needs`.
 */
export function labelledFolders(
  args: readonly string[],
  placeholder: string,
  needs: string,
  refuse: (message: string) => never,
): { label: string; folder: string }[] {
  return args.map((arg) => {
    const [, label = '', folder = ''] = /^([^=]+)=(.+)$/.exec(arg) ?? [];
    if (!label) refuse(`'${arg}' is not <label>=${placeholder}`);
    if (!existsSync(path.join(folder, needs))) refuse(`${label}: '${folder}' has no ${needs}`);
    return { label, folder: path.resolve(folder) };
  });
}
