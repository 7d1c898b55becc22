import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import { simpleParser } from 'mailparser';
import type { Mailer, MailerOptions } from '../../../server/outbound/smtp.js';
import { createMailer, relayOf } from '../../../server/outbound/smtp.js';
import type { MailContent } from '../../../server/outbound/smtp.js';
import { freePort } from '../../helpers/free-port.js';
import type { SmtpStandIn } from '../../helpers/smtp-server.js';
import { startSmtpServer } from '../../helpers/smtp-server.js';

const FROM = 'Usage-Limit Reset Tracker <alerts@tracker.test>';

const mail = (n: number): MailContent => ({
  to: `reader${n}@mail.test`,
  subject: `Mail ${n}`,
  text: `Mail number ${n}.`,
  html: `<p>Mail number ${n}.</p>`,
  headers: {},
  messageId: `<mail-${n}@tracker.test>`,
});

async function withRelay(
  run: (relay: SmtpStandIn, mailer: Mailer) => Promise<void>,
  options: { credentials?: { user: string; pass: string }; mailer?: Partial<MailerOptions> } = {},
) {
  const relay = await startSmtpServer(options.credentials ? { credentials: options.credentials } : {});
  const mailer = createMailer({ smtpUrl: relay.url, from: FROM, ...options.mailer });
  try {
    await run(relay, mailer);
  } finally {
    mailer.close();
    await relay.stop();
  }
}

const oneLine = (t: ExecutionContext, reason: string) => {
  t.regex(reason, /^[^\n\r]+$/, 'the reason is one line');
  t.false(/\bat .+:\d+:\d+/.test(reason), 'no stack frame in the reason');
};

test('a mail reaches the relay as sent, From the mailer, with the given Message-ID', async (t) => {
  await withRelay(async (relay, mailer) => {
    const result = await mailer.send(mail(1));
    t.deepEqual(result, { ok: true, messageId: '<mail-1@tracker.test>' });
    t.is(relay.received.length, 1);
    const [received] = relay.received;
    t.deepEqual(received!.envelope, { from: 'alerts@tracker.test', to: ['reader1@mail.test'] });
    const parsed = await simpleParser(received!.raw);
    t.is(parsed.messageId, '<mail-1@tracker.test>');
    t.is(parsed.from?.value[0]?.address, 'alerts@tracker.test');
    t.is(parsed.from?.value[0]?.name, 'Usage-Limit Reset Tracker');
    t.is(parsed.subject, 'Mail 1');
    t.is(parsed.text?.trim(), 'Mail number 1.');
  });
});

test('the user and password in the URL are percent-decoded and authenticate', async (t) => {
  const credentials = { user: 'alerts@tracker.test', pass: 'p@ss:w/rd%+' };
  await withRelay(
    async (relay, mailer) => {
      t.true(relay.url.includes('p%40ss%3Aw%2Frd%25%2B@'));
      t.true((await mailer.send(mail(1))).ok);
      t.is(relay.received[0]?.user, 'alerts@tracker.test');
    },
    { credentials },
  );
});

test('wrong credentials are a temporary failure: the configuration, not the recipient, is wrong', async (t) => {
  await withRelay(
    async (relay) => {
      const wrong = createMailer({ smtpUrl: relay.url.replace('secret@', 'wrong@'), from: FROM });
      try {
        const result = await wrong.send(mail(1));
        t.like(result, { ok: false, permanent: false });
        if (!result.ok) {
          oneLine(t, result.reason);
          t.regex(result.reason, /authentication failed/);
          t.false(result.reason.includes('wrong'), 'the password is not in the reason');
        }
        t.is(relay.received.length, 0);
      } finally {
        wrong.close();
      }
    },
    { credentials: { user: 'alerts', pass: 'secret' } },
  );
});

test('a 4xx reply is a temporary failure, a 5xx one permanent, each with a one-line reason', async (t) => {
  await withRelay(async (relay, mailer) => {
    relay.failNext(451, 'Requested action aborted: local error in processing');
    const temporary = await mailer.send(mail(1));
    t.like(temporary, { ok: false, permanent: false });
    if (!temporary.ok) {
      oneLine(t, temporary.reason);
      t.regex(temporary.reason, /451/);
      t.regex(temporary.reason, /local error in processing/);
    }

    relay.failNext(550, 'Mailbox unavailable');
    const permanent = await mailer.send(mail(2));
    t.like(permanent, { ok: false, permanent: true });
    if (!permanent.ok) {
      oneLine(t, permanent.reason);
      t.regex(permanent.reason, /550/);
      t.regex(permanent.reason, /Mailbox unavailable/);
    }

    t.deepEqual(
      relay.refused.map(({ code }) => code),
      [451, 550],
      'the relay read both mails and refused them',
    );
    // The refusals left the connection usable: the next mail goes through.
    t.like(await mailer.send(mail(3)), { ok: true });
    t.is(relay.received.length, 1);
  });
});

test('a closed port is a temporary failure with a one-line reason', async (t) => {
  const port = await freePort();
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
  try {
    const result = await mailer.send(mail(1));
    t.like(result, { ok: false, permanent: false });
    if (!result.ok) {
      oneLine(t, result.reason);
      t.regex(result.reason, /ECONNREFUSED/);
    }
  } finally {
    mailer.close();
  }
});

test('a relay that never greets is a temporary failure once the greeting time-out ends', async (t) => {
  const sockets: Socket[] = [];
  // Takes the connection and says nothing.
  const silent = net.createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as AddressInfo;
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, greetingTimeoutMs: 300 });
  try {
    const started = Date.now();
    const result = await mailer.send(mail(1));
    t.like(result, { ok: false, permanent: false });
    if (!result.ok) {
      oneLine(t, result.reason);
      t.regex(result.reason, /timed out/);
    }
    t.true(Date.now() - started < 5000, 'bounded by the greeting time-out, not the default');
  } finally {
    mailer.close();
    sockets.forEach((socket) => socket.destroy());
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});

test('the pool carries many mails over few connections', async (t) => {
  await withRelay(
    async (relay, mailer) => {
      const results = await Promise.all(Array.from({ length: 12 }, (_, n) => mailer.send(mail(n))));
      t.true(results.every((result) => result.ok));
      t.is(relay.received.length, 12);
      t.true(relay.connections() <= 2, `${relay.connections()} connections for 12 mails`);
      // One after another, on the connection already open.
      const before = relay.connections();
      for (let n = 12; n < 16; n += 1) t.true((await mailer.send(mail(n))).ok);
      t.is(relay.connections(), before);
      t.is(new Set(relay.received.map((received) => received.connection)).size, before);
    },
    { mailer: { maxConnections: 2 } },
  );
});

test('smtp:// and smtps:// URLs name the relay, its port and whether TLS starts at once', (t) => {
  t.deepEqual(relayOf('smtp://mail.example:2525'), { host: 'mail.example', port: 2525, secure: false });
  t.deepEqual(relayOf('smtp://mail.example'), { host: 'mail.example', port: 587, secure: false });
  t.deepEqual(relayOf('smtps://u%40x:p%3Aw@mail.example'), {
    host: 'mail.example',
    port: 465,
    secure: true,
    auth: { user: 'u@x', pass: 'p:w' },
  });
  t.deepEqual(relayOf('smtp://[::1]:25'), { host: '::1', port: 25, secure: false });
  t.throws(() => relayOf('http://mail.example'), { message: /smtp:\/\/ or smtps:\/\// });
  t.throws(() => relayOf('mail.example:587'), { message: /^[^\n]+$/ });
  t.throws(() => relayOf('not a url'), { message: 'the SMTP URL is not a URL' });
});
