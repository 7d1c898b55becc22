/** Every variable the server, the lead watcher and the ecosystem file read: server/settings.cjs. */
export const SETTING_NAMES: readonly string[];
/** The settings file's variables, or null when there is none; throws one line naming a file it cannot read. */
export function readSettingsFile(
  shellEnv?: NodeJS.ProcessEnv,
  root?: string,
): { file: string; values: Record<string, string> } | null;
/** `INSTANCES`: a number of workers (1 to 9999), or `max`; throws on anything else. */
export function readInstances(value: string | undefined): number | 'max';
/** Every setting's value as the workers get it (shell, else file, else `''`: not set). */
export function settingsEnv(
  shellEnv?: NodeJS.ProcessEnv,
  root?: string,
  fromFile?: Readonly<Record<string, string>>,
): Record<string, string>;
