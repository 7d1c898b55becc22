/**
 * The command line of every command in tools/ (and of the client and bench scripts): `node:util`'s
 * `parseArgs` with strict options, plus what a person at a terminal expects. `--help` (`-h`) prints
 * the usage line, what the command does and each argument and option (exit 0). A usage error (an
 * unknown option, a missing option value, a missing or extra argument, a value the command refuses)
 * prints one line naming it and the usage line on stderr (exit 2), never a stack trace.
 */
import { parseArgs } from 'node:util';

/** An option as `parseArgs` takes it, with what it means for `--help`. */
export type OptionSpec = (
  | { readonly type: 'string'; readonly default?: string }
  | { readonly type: 'boolean'; readonly default?: boolean }
) & {
  readonly short?: string;
  /** What the option does, for `--help`. */
  readonly description: string;
  /** How `--help` names a string option's value: `--dir <folder>`. */
  readonly value?: string;
};

/** A positional argument, in the order given. */
export interface ArgumentSpec {
  /** As the usage line writes it: `<id>`. */
  readonly name: string;
  readonly description: string;
  /** A required argument must be given; the optional ones come last. */
  readonly required?: boolean;
  /** The last argument may be given any number of times (once at least if required). */
  readonly repeats?: boolean;
}

export interface CommandSpec<O extends Readonly<Record<string, OptionSpec>>> {
  /** The usage line without `usage: `, e.g. `npm run content:check -- [<dir>] [--json]`. */
  readonly usage: string;
  /** One sentence: what the command does. */
  readonly description: string;
  readonly arguments?: readonly ArgumentSpec[];
  readonly options: O;
}

type Parsed<O extends Readonly<Record<string, OptionSpec>>> = ReturnType<
  typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>
>;

export interface CommandLine<O extends Readonly<Record<string, OptionSpec>>> {
  readonly values: Parsed<O>['values'];
  readonly positionals: string[];
  /** Refuses the command line: `message` (one line naming what is wrong) and the usage line, exit 2. */
  readonly refuse: (message: string) => never;
  /**
   * `value` as a number, or the command line refused: `--name: 'value' is not a positive whole
   * number`. `name` is an option's (`rounds`, said `--rounds`) or an argument's placeholder (`<top>`,
   * said as it is).
   */
  readonly positiveWhole: (name: string, value: string) => number;
}

/** The exit status of a usage error, as for shell built-ins. */
export const USAGE_ERROR = 2;

/** One line for a `parseArgs` error: its own wording for the usual cases, else its first sentence. */
function usageMessage(error: Error & { code?: string }): string {
  const option = /'([^' ]*)/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `unknown option ${option}`;
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    if (/argument missing/.test(error.message)) return `option ${option} needs a value`;
    if (/does not take an argument/.test(error.message)) return `option ${option} takes no value`;
    if (/ambiguous/.test(error.message))
      return `option ${option} needs a value (one with a dash: ${option}=-…)`;
  }
  return error.message.split(/\.\s/)[0]!.replace(/\.$/, '');
}

function helpText<O extends Readonly<Record<string, OptionSpec>>>(spec: CommandSpec<O>): string {
  const rows: [string, string][] = [];
  for (const argument of spec.arguments ?? []) rows.push([argument.name, argument.description]);
  const argumentRows = rows.length;
  for (const [name, option] of Object.entries(spec.options)) {
    const flag = `${option.short ? `-${option.short}, ` : ''}--${name}`;
    rows.push([option.type === 'string' ? `${flag} ${option.value ?? '<value>'}` : flag, option.description]);
  }
  rows.push(['-h, --help', 'print this help and exit']);
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  const line = ([left, right]: [string, string]) => `  ${left.padEnd(width)}${right}`;
  return [
    `usage: ${spec.usage}`,
    '',
    spec.description,
    ...(argumentRows > 0 ? ['', 'arguments:', ...rows.slice(0, argumentRows).map(line)] : []),
    '',
    'options:',
    ...rows.slice(argumentRows).map(line),
    '',
  ].join('\n');
}

/**
 * Reads `args` (by default the process's own) against `spec`, or ends the process: after printing
 * the help for `--help`, or after refusing a usage error. The positionals are checked against
 * `spec.arguments`: every required one given, none beyond the list (but more of a last one that repeats).
 */
export function readCommandLine<const O extends Readonly<Record<string, OptionSpec>>>(
  spec: CommandSpec<O>,
  args: readonly string[] = process.argv.slice(2),
): CommandLine<O> {
  const refuse = (message: string): never => {
    process.stderr.write(`${message}\nusage: ${spec.usage}\n`);
    process.exit(USAGE_ERROR);
  };
  if (args.some((arg, index) => (arg === '--help' || arg === '-h') && !args.slice(0, index).includes('--'))) {
    process.stdout.write(helpText(spec));
    process.exit(0);
  }
  let parsed: Parsed<O>;
  try {
    const options = Object.fromEntries(
      Object.entries(spec.options).map(([name, { description: _, value: __, ...option }]) => [name, option]),
    ) as unknown as O;
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    return refuse(usageMessage(error as Error));
  }
  const expected = spec.arguments ?? [];
  const missing = expected.find(
    (argument, index) => argument.required && parsed.positionals[index] === undefined,
  );
  if (missing) refuse(`missing argument ${missing.name}`);
  const extra = expected.at(-1)?.repeats ? undefined : parsed.positionals[expected.length];
  if (extra !== undefined) refuse(`unexpected argument '${extra}'`);
  const positiveWhole = (name: string, value: string): number => {
    const said = name.startsWith('<') ? name : `--${name}`;
    if (!/^[1-9]\d*$/.test(value)) refuse(`${said}: '${value}' is not a positive whole number`);
    return Number(value);
  };
  return { values: parsed.values, positionals: parsed.positionals, refuse, positiveWhole };
}
