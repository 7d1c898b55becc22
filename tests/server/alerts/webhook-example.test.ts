import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import test from 'ava';
import { webhookReceiverExample } from '../../../server/site/pages/client-examples.js';
import { writeReset } from '../../helpers/alerts.js';
import { BASE_URL, copyContent, DEMO_FIXTURE, ROOT } from '../../helpers/fixtures.js';
import { freePort } from '../../helpers/free-port.js';
import { decodeHtml } from '../../helpers/html.js';
import { eventually } from '../../helpers/wait.js';
import { startServer } from '../../helpers/with-server.js';

const SHOWN = ['https://bot.example.org/hooks/resets', 8080] as const;

test('docs/api.md and /docs show the webhook receiver word for word', async (t) => {
  const doc = await readFile(path.join(ROOT, 'docs/api.md'), 'utf8');
  t.true(doc.includes(`\`\`\`js\n${webhookReceiverExample('http://localhost:3000', ...SHOWN)}\n\`\`\``));
  const server = await startServer();
  try {
    const page = decodeHtml(await (await fetch(`${server.url}/docs`)).text());
    t.true(page.includes(webhookReceiverExample(BASE_URL, ...SHOWN)));
    const ja = decodeHtml(await (await fetch(`${server.url}/ja/docs`)).text());
    t.true(ja.includes(webhookReceiverExample(BASE_URL, ...SHOWN)), 'the code is the same in every language');
  } finally {
    await server.stop();
  }
});

test('the receiver registers itself, answers the check, refuses a forgery and logs an alert', async (t) => {
  const port = await freePort();
  const hookUrl = `http://127.0.0.1:${port}/hooks/resets`;
  const content = await copyContent(DEMO_FIXTURE);
  const data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-example-'));
  const server = await startServer({
    content: content.dir,
    env: {
      ALERTS_WEBHOOKS: 'on',
      ALERTS_WEBHOOK_ORIGINS: `http://127.0.0.1:${port}`,
      ALERTS_DB: path.join(data, 'alerts.sqlite'),
    },
  });
  // Inside the project, so the example's `import 'standardwebhooks'` resolves as a user's would.
  const dir = path.join(ROOT, 'test-results');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `webhook-receiver-${process.pid}.mjs`);
  await writeFile(file, webhookReceiverExample(server.url, hookUrl, port));
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  try {
    t.true(
      await eventually(() => lines.some((line) => /^webhook wh_\S+ is active; token \S+$/.test(line))),
      `the registration's line (${errors})`,
    );
    const forged = await fetch(hookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      },
      body: JSON.stringify({ type: 'reset.confirmed', timestamp: new Date().toISOString(), data: {} }),
    });
    t.is(forged.status, 401);

    await writeReset(content.dir, {
      day: '2026-11-20',
      slug: 'example',
      plans: ['max'],
      windows: ['weekly'],
    });
    t.true(await server.reload());
    t.true(
      await eventually(() => lines.some((line) => line.endsWith(' reset.confirmed: Limits reset (example)'))),
      lines.join('\n'),
    );
    t.false(lines.some((line) => line.includes('msg_forged')));
    t.is(errors, '');
  } finally {
    child.kill();
    await server.stop();
    await content.dispose();
    await rm(file, { force: true });
    await rm(data, { recursive: true, force: true });
  }
});
