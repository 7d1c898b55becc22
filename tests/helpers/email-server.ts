import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { openStore } from '../../server/store/index.js';
import { copyContent, DEMO_FIXTURE } from './fixtures.js';
import type { SmtpStandIn } from './smtp-server.js';
import { startSmtpServer } from './smtp-server.js';
import { eventually } from './wait.js';
import type { RunningServer } from './with-server.js';
import { startServer } from './with-server.js';

/**
 * The email API's server: email alerts and webhooks on (a local SMTP relay, a store in a temporary
 * folder), no browser push, and a copy of the content to publish resets into. The state is this module's, read
 * by the test file that calls `useEmailServer()` (each test file is its own process).
 */

export let smtp: SmtpStandIn;
export let server: RunningServer;
export let content: { dir: string; dispose: () => Promise<void> };
export let db: string;
let data: string;

export const FROM = 'Reset Tracker <alerts@tracker.test>';

/** Starts the relay and the server before the calling file's tests, and stops them after. */
export function useEmailServer(): void {
  test.before(async () => {
    smtp = await startSmtpServer();
    content = await copyContent(DEMO_FIXTURE);
    data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-email-'));
    db = path.join(data, 'alerts.sqlite');
    server = await startServer({
      content: content.dir,
      env: { SMTP_URL: smtp.url, ALERTS_EMAIL_FROM: FROM, ALERTS_DB: db, ALERTS_WEBHOOKS: 'on' },
    });
  });

  test.after.always(async () => {
    await server?.stop();
    await smtp?.stop();
    await content?.dispose();
    if (data) await rm(data, { recursive: true, force: true });
  });
}

/** Every mail the relay took for `address`, parsed by mailparser, oldest first. */
export async function mailsTo(address: string): Promise<ParsedMail[]> {
  const raws = smtp.received.filter((mail) => mail.envelope.to.includes(address));
  return Promise.all(raws.map((mail) => simpleParser(mail.raw)));
}

/** Waits until `count` mails have come for `address`, and returns them. */
export async function awaitMails(address: string, count: number): Promise<ParsedMail[]> {
  await eventually(() => smtp.received.filter((mail) => mail.envelope.to.includes(address)).length >= count);
  return mailsTo(address);
}

/** POSTs `/alerts/email` as JSON. */
export async function askJson(body: unknown, headers: Record<string, string> = {}, url = server.url) {
  const response = await fetch(`${url}/alerts/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null,
  };
}

/** POSTs `/alerts/email` as the alerts control's form does. */
export async function askForm(fields: Record<string, string>, url = server.url) {
  const response = await fetch(`${url}/alerts/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** The link of a mail's text part on this test's server: `https://tracker.test/ja/…?token=…` → `/ja/…?token=…`. */
export function linkIn(mail: ParsedMail, pathPattern: RegExp): string {
  const links = (mail.text ?? '').match(/https:\/\/tracker\.test\/\S+/g) ?? [];
  const link = links.find((candidate) => pathPattern.test(new URL(candidate).pathname));
  if (!link) throw new Error(`no link matching ${pathPattern} in the mail`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Addresses stored, confirmed or not. */
export async function storedEmails(): Promise<number> {
  const store = await openStore(db);
  try {
    return await store.emails.emailCount();
  } finally {
    await store.close();
  }
}

/**
 * Waits until the ledger has no alert left to send: the sender marks an alert done only once every
 * mail of it has been taken by the relay, so after this no mail of the content so far is to come.
 */
export async function allSent(): Promise<boolean> {
  const store = await openStore(db);
  try {
    return await eventually(async () => (await store.deliveries.pendingAlerts()).length === 0);
  } finally {
    await store.close();
  }
}
