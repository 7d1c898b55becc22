import { Writable } from 'node:stream';
import test from 'ava';
import pino from 'pino';
import { startServer } from '../../helpers/with-server.js';

test('the access log redacts the token of confirm and unsubscribe links', async (t) => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const server = await startServer({ logger: pino({ level: 'info' }, sink) });
  const token = 'A'.repeat(20) + 'secretTokenValue' + 'B'.repeat(7);
  try {
    for (const path of [
      `/alerts/email/confirm?token=${token}`,
      `/ja/alerts/email/unsubscribe?lang=ja&TOKEN=${token}&token=${token}#x`,
    ])
      await (await fetch(`${server.url}${path}`)).arrayBuffer();
  } finally {
    await server.stop();
  }
  const urls = lines
    .map((line) => JSON.parse(line) as { url?: string })
    .flatMap((line) => (line.url?.includes('/alerts/email/') ? [line.url] : []));
  t.deepEqual(urls, [
    '/alerts/email/confirm?token=[redacted]',
    '/ja/alerts/email/unsubscribe?lang=ja&TOKEN=[redacted]&token=[redacted]',
  ]);
  t.false(
    lines.some((line) => line.includes('secretTokenValue')),
    'the token is in no line',
  );
});
