/**
 * `npm run reload [-- --check | --watcher]`: applies the settings (the settings file, a variable set
 * in this shell winning) to the PM2 apps of `ecosystem.config.cjs`, after checking them with the
 * server's and the watcher's own parsers. A bad value is one line naming it, and nothing is reloaded:
 * the running workers keep serving with the settings they have. Then the site's workers are
 * replaced one at a time (`pm2 reload`, no request dropped), and the lead watcher is started,
 * reloaded or deleted as `LEADS_WATCH` says; `--watcher` does only the watcher's part and leaves the
 * site's workers alone. docs/operations.md §2.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { configWarnings, parseConfig } from '../server/config.js';
import { readLeadSettings } from '../server/leads/index.js';
import { readInstances, readSettingsFile, SETTING_NAMES, settingsEnv } from '../server/settings.cjs';
import { readCommandLine } from './command-line.js';

/** The checkout: `npm run` starts its scripts there. */
const ROOT = process.cwd();
const PM2 = createRequire(import.meta.url).resolve('pm2/bin/pm2');
const ECOSYSTEM = path.join(ROOT, 'ecosystem.config.cjs');
const SITE = 'reset-tracker';
const WATCHER = 'reset-tracker-leads';

const { values: flags } = readCommandLine({
  usage: 'npm run reload -- [--check] [--watcher]',
  description:
    'Checks the settings (the settings file, this shell winning) with the server’s own parser, then applies them to the PM2 apps: the site’s workers one at a time, and the lead watcher on or off as LEADS_WATCH says.',
  options: {
    check: {
      type: 'boolean',
      description: 'only check the settings: one line per problem, nothing reloaded',
    },
    watcher: {
      type: 'boolean',
      description:
        'apply LEADS_WATCH and the settings to the lead watcher only; the site’s workers are not touched',
    },
  },
});

/** Each bad setting, one line each; the server's own messages. */
function problemsOf(env: Record<string, string>, file: ReturnType<typeof readSettingsFile>): string[] {
  const problems: string[] = [];
  const known = new Set(SETTING_NAMES);
  for (const name of Object.keys(file?.values ?? {}))
    if (!known.has(name)) problems.push(`${name}: not a setting of the service (${file?.file})`);
  const linesOf = (error: unknown) =>
    (error as Error).message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  try {
    parseConfig(env);
  } catch (error) {
    problems.push(...linesOf(error));
  }
  if (!['', 'on', 'off'].includes(env.LEADS_WATCH!)) problems.push(`LEADS_WATCH: must be on or off`);
  if (env.LEADS_WATCH === 'on' && problems.length === 0) {
    try {
      // The watcher refuses to start without someone the sites it reads can reach.
      if (readLeadSettings(env).userAgent === null)
        problems.push(
          'LEADS_CONTACT: the watcher needs a contact for the sites it reads: set LEADS_CONTACT, or a PUBLIC_BASE_URL that is not a local address',
        );
    } catch (error) {
      problems.push(...linesOf(error));
    }
  }
  try {
    readInstances(env.INSTANCES);
  } catch {
    problems.push(`INSTANCES: must be "max" or a positive whole number`);
  }
  if (env.MAX_MEMORY_RESTART !== '' && !/^\d+[KMG]?$/.test(env.MAX_MEMORY_RESTART!))
    problems.push(`MAX_MEMORY_RESTART: must be a size such as 400M`);
  return problems;
}

function pm2(...args: string[]): { code: number; stdout: string } {
  const done = spawnSync(process.execPath, [PM2, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { code: done.status ?? 1, stdout: done.stdout };
}

/** The running apps' processes, from `pm2 jlist`. */
function running(): { name: string; status: string }[] {
  const list = pm2('jlist');
  if (list.code !== 0) return [];
  try {
    return (JSON.parse(list.stdout) as { name: string; pm2_env: { status: string } }[]).map((entry) => ({
      name: entry.name,
      status: entry.pm2_env.status,
    }));
  } catch {
    return [];
  }
}

function runOrExit(what: string, ...args: string[]): void {
  const done = pm2(...args);
  process.stdout.write(done.stdout);
  if (done.code !== 0) {
    console.error(`reload: pm2 ${args[0]} of ${what} failed (exit ${done.code})`);
    process.exit(1);
  }
}

// The settings file, read once: the check and the reload see the same values.
let file: ReturnType<typeof readSettingsFile>;
try {
  file = readSettingsFile(process.env, ROOT);
} catch (error) {
  console.error(`settings: ${(error as Error).message}; nothing reloaded`);
  process.exit(1);
}
const env = settingsEnv(process.env, ROOT, file?.values);
const problems = problemsOf(env, file);
if (problems.length > 0) {
  for (const problem of problems) console.error(`settings: ${problem}`);
  console.error(
    `settings: ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing reloaded, the running workers keep their settings`,
  );
  process.exit(1);
}
for (const warning of configWarnings(parseConfig(env))) console.error(`settings: warning: ${warning}`);
const set = SETTING_NAMES.filter((name) => env[name] !== '').length;
console.log(`settings: ${set} set (${file ? file.file : 'no settings file'}, this shell winning), all valid`);
if (flags.check) process.exit(0);

if (!flags.watcher) runOrExit(SITE, 'reload', ECOSYSTEM, '--only', SITE, '--update-env');
if (env.LEADS_WATCH === 'on') {
  // Started when it is not running, else reloaded on the code and settings of now.
  runOrExit(WATCHER, 'reload', ECOSYSTEM, '--only', WATCHER, '--update-env');
} else if (running().some((entry) => entry.name === WATCHER)) {
  runOrExit(WATCHER, 'delete', WATCHER);
}
// PM2 prints ✓ for a reload whose new workers then die at start: say so instead.
const down = running().filter(
  (entry) =>
    (entry.name === SITE || (entry.name === WATCHER && env.LEADS_WATCH === 'on')) &&
    entry.status !== 'online',
);
if (down.length > 0) {
  console.error(
    `reload: ${down.map((entry) => `${entry.name} is ${entry.status}`).join(', ')} (npx pm2 logs)`,
  );
  process.exit(1);
}
console.log(
  `reload: done; the lead watcher is ${env.LEADS_WATCH === 'on' ? 'on' : 'off'}${flags.watcher ? ' (the site’s workers untouched)' : ''}`,
);
