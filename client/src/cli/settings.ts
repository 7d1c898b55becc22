import { parseArgs } from 'node:util';

type Command = 'help' | 'status-line' | 'status' | 'watch' | 'refresh';

/** What one run was asked for: the command line first, then the environment, then the defaults. */
export interface Settings {
  readonly command: Command;
  /** The service's origin, without a trailing slash; null when neither `--url` nor the env names one. */
  readonly url: string | null;
  readonly ownLimits: boolean;
  readonly json: boolean;
  /** How old the cache may grow before a status line starts a refresh. */
  readonly maxAgeMs: number;
  /** How long after the last answer of the service a status line marks itself old. */
  readonly oldAfterMs: number;
  /** The command `watch` runs for each reset (through the shell), or null. */
  readonly exec: string | null;
  readonly env: NodeJS.ProcessEnv;
}

const COMMANDS: readonly Command[] = ['status-line', 'status', 'watch', 'refresh'];

/** A command line the command cannot run: one line of usage, exit 2. */
export class UsageError extends Error {}

export function usage(): string {
  return 'usage: reset-tracker status-line|status|watch|refresh [--url <address>] [--own-limits] [--json] [--max-age <s>] [--old-after <s>] [--exec <command>] [--help]';
}

export const HELP = `reset-tracker: what the Usage-Limit Reset Tracker knows, for status lines and shells.

  reset-tracker status-line   one line for Claude Code's statusLine (its JSON on stdin), from a cache
  reset-tracker status        a short report of the service's status (--json: the status body)
  reset-tracker watch         prints a line for each reset the service publishes; --exec runs a command
  reset-tracker refresh       refreshes the status line's cache now

Options:
  --url <address>     the service's address (or RESET_TRACKER_URL)
  --own-limits        status-line: add your own five-hour and weekly reset times from stdin
  --json              status: print the status body as the service sends it
  --max-age <s>       status-line: refresh the cache once it is older (default 60; RESET_TRACKER_MAX_AGE)
  --old-after <s>     status-line: mark the line old this long after the last answer (default 3600)
  --exec <command>    watch: run this command for each reset (RESET_TRACKER_EVENT_* in its environment)
  --help              this text

Honours NO_COLOR, FORCE_COLOR, FORCE_HYPERLINK, COLUMNS, LANG and XDG_CACHE_HOME.
`;

/**
 * A number of seconds from its flag, else its variable, else the default. A bad flag is a usage
 * error; a bad variable (`abc`, `-5`, `1h`) is ignored, so the status line keeps its line and its
 * exit 0 whatever the environment (docs/status-line.md).
 */
function seconds(
  flag: string | undefined,
  variable: string | undefined,
  fallback: number,
  name: string,
): number {
  const parsed = (value: string | undefined) => {
    const number = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
    return Number.isFinite(number) && number >= 0 ? number * 1000 : null;
  };
  if (flag !== undefined) {
    const fromFlag = parsed(flag);
    if (fromFlag === null) throw new UsageError(`reset-tracker: ${name} takes seconds`);
    return fromFlag;
  }
  return parsed(variable) ?? fallback * 1000;
}

/** The origin the requests go to: `--url`, else RESET_TRACKER_URL, trailing slashes dropped. */
function serviceUrl(flag: string | undefined, env: string | undefined): string | null {
  const value = flag ?? env;
  if (!value) return null;
  if (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)) return value.replace(/\/+$/, '');
  // A bad variable leaves the status line saying how to set it; a bad flag is a usage error.
  if (flag === undefined) return null;
  throw new UsageError(`reset-tracker: --url takes an http(s) address, not ${value}`);
}

/** Reads the command line; throws `UsageError` for a flag or command it does not know. */
export function readSettings(argv: readonly string[], env: NodeJS.ProcessEnv): Settings {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        url: { type: 'string' },
        'own-limits': { type: 'boolean' },
        json: { type: 'boolean' },
        'max-age': { type: 'string' },
        'old-after': { type: 'string' },
        exec: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(`reset-tracker: ${(error as Error).message.split(/\.\s|\n/)[0]}`);
  }
  const { values, positionals } = parsed;
  const [name, ...rest] = positionals;
  if (rest.length > 0) throw new UsageError(`reset-tracker: unexpected argument ${rest[0]}`);
  if (name !== undefined && !(COMMANDS as readonly string[]).includes(name))
    throw new UsageError(`reset-tracker: unknown command ${name}`);
  const command: Command = values.help || name === undefined ? 'help' : (name as Command);
  return {
    command,
    url: serviceUrl(values.url, env.RESET_TRACKER_URL),
    ownLimits: values['own-limits'] ?? false,
    json: values.json ?? false,
    maxAgeMs: seconds(values['max-age'], env.RESET_TRACKER_MAX_AGE, 60, '--max-age'),
    oldAfterMs: seconds(values['old-after'], env.RESET_TRACKER_OLD_AFTER, 3600, '--old-after'),
    exec: values.exec ?? null,
    env,
  };
}
