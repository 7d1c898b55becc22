import test from 'ava';
import { Webhook } from 'standardwebhooks';
import {
  alertBody,
  cut,
  discordBody,
  echoesChallenge,
  newChallenge,
  slackBody,
  verificationBody,
} from '../../../../server/alerts/webhooks/messages.js';
import { newWebhookSecret, signedHeaders } from '../../../../server/outbound/webhook-signing.js';
import { signatureProblem } from '../../../helpers/webhook-receiver.js';

test('a new secret is whsec_ and 32 random bytes in base64, each one new', (t) => {
  const secret = newWebhookSecret();
  t.regex(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  t.is(Buffer.from(secret.slice(6), 'base64').length, 32);
  t.not(newWebhookSecret(), secret);
});

test('signed headers verify by the spec, independently, and with the package', (t) => {
  const secret = newWebhookSecret();
  const now = Math.floor(Date.now() / 1000);
  const body = alertBody('reset.confirmed', '2026-09-22T10:00:00.000Z', { id: 'x', note: 'é ✓' });
  const headers = signedHeaders(secret, 'msg_1', now, body);
  t.deepEqual(Object.keys(headers).sort(), [
    'content-type',
    'webhook-id',
    'webhook-signature',
    'webhook-timestamp',
  ]);
  t.is(headers['content-type'], 'application/json');
  t.is(headers['webhook-timestamp'], String(now));
  t.is(signatureProblem(secret, headers, Buffer.from(body)), null);
  t.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
  // Another body, id, time or secret does not verify.
  t.is(signatureProblem(secret, headers, Buffer.from(body.replace('x', 'y'))), 'no signature matches');
  t.is(
    signatureProblem(secret, { ...headers, 'webhook-id': 'msg_2' }, Buffer.from(body)),
    'no signature matches',
  );
  t.is(signatureProblem(newWebhookSecret(), headers, Buffer.from(body)), 'no signature matches');
  t.is(signatureProblem(secret, headers, Buffer.from(body), now + 301), 'timestamp more than 5 minutes off');
});

test('an alert body is type, timestamp and the record as it is', (t) => {
  const record = { id: 'reset-1', audiences: ['pro', 'max'], nested: { a: [1, null] } };
  const body = alertBody('reset.announced', '2026-09-22T10:00:00.000Z', record);
  t.is(
    body,
    JSON.stringify({ type: 'reset.announced', timestamp: '2026-09-22T10:00:00.000Z', data: record }),
  );
});

test('a verification carries its challenge; the echo is taken as JSON or bare, nothing else', (t) => {
  const challenge = newChallenge();
  t.regex(challenge, /^[\w-]{32}$/);
  t.deepEqual(JSON.parse(verificationBody(challenge, '2026-01-01T00:00:00.000Z')), {
    type: 'webhook.verification',
    timestamp: '2026-01-01T00:00:00.000Z',
    data: { challenge },
  });
  t.true(echoesChallenge(JSON.stringify({ challenge }), challenge));
  t.true(echoesChallenge(` \n${JSON.stringify({ challenge, ok: true })}\n`, challenge));
  t.true(echoesChallenge(challenge, challenge));
  t.true(echoesChallenge(`  ${challenge}\r\n`, challenge));
  for (const answer of [
    '',
    'ok',
    JSON.stringify({ challenge: `${challenge}x` }),
    JSON.stringify({ challenge: challenge.toUpperCase() }),
    JSON.stringify({ data: { challenge } }),
    JSON.stringify([challenge]),
    JSON.stringify(challenge),
    `${challenge} ${challenge}`,
    challenge.slice(1),
  ]) {
    t.false(echoesChallenge(answer, challenge), answer);
  }
  t.false(echoesChallenge('', ''));
  t.false(echoesChallenge('{"challenge":""}', ''));
});

test('cut keeps the limit in UTF-16 units, ends with an ellipsis and never splits a pair', (t) => {
  t.is(cut('short', 10), 'short');
  t.is(cut('abcdefghij', 10), 'abcdefghij');
  t.is(cut('abcdefghijk', 10), 'abcdefghi…');
  const emoji = cut('abcdefgh😀xyz', 10);
  t.is(emoji, 'abcdefgh…');
  t.true(emoji.length <= 10);
});

const longText = `Weekly limits reset for Pro and Max @everyone <b>&</b>\n${'Details 😀 & more. '.repeat(600)}`;

test('a Discord body keeps within content, title and description limits, mentions off', (t) => {
  const body = JSON.parse(discordBody(longText, 'https://tracker.test/events/x')) as {
    content: string;
    embeds: { title: string; url: string; description: string }[];
    allowed_mentions: { parse: string[] };
  };
  t.is(body.content.length, 2000);
  t.true(body.content.endsWith('…'));
  t.is(body.embeds.length, 1);
  t.is(body.embeds[0]!.title, 'Weekly limits reset for Pro and Max @everyone <b>&</b>');
  t.is(body.embeds[0]!.url, 'https://tracker.test/events/x');
  t.true(body.embeds[0]!.description.length <= 4096);
  t.true(body.embeds[0]!.description.endsWith('…'));
  t.deepEqual(body.allowed_mentions, { parse: [] });
  const longTitle = JSON.parse(discordBody('T'.repeat(300), 'https://x.test/')) as typeof body;
  t.is(longTitle.embeds[0]!.title.length, 256);
  const short = JSON.parse(discordBody('Reset', 'https://x.test/')) as typeof body;
  t.like(short, { content: 'Reset', embeds: [{ title: 'Reset', description: 'Reset' }] });
});

test('a Slack body keeps text and its mrkdwn section within 3,000, escaped, with the link', (t) => {
  const body = JSON.parse(slackBody(longText, 'https://tracker.test/events/x')) as {
    text: string;
    blocks: { type: string; text: { type: string; text: string } }[];
  };
  t.true(body.text.length <= 3000);
  t.is(body.blocks.length, 1);
  const section = body.blocks[0]!;
  t.is(section.type, 'section');
  t.is(section.text.type, 'mrkdwn');
  t.true(section.text.text.length <= 3000);
  t.true(section.text.text.endsWith('…\n<https://tracker.test/events/x>'));
  t.true(
    section.text.text.startsWith('Weekly limits reset for Pro and Max @everyone &lt;b&gt;&amp;&lt;/b&gt;'),
  );
  t.notRegex(section.text.text, /&[a-z]*…/, 'no half entity before the ellipsis');
  const short = JSON.parse(slackBody('a < b', 'https://x.test/')) as typeof body;
  t.is(short.text, 'a &lt; b');
  t.is(short.blocks[0]!.text.text, 'a &lt; b\n<https://x.test/>');
});
