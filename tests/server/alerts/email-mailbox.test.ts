import test from 'ava';
import { askJson, awaitMails, content, db, FROM, smtp, useEmailServer } from '../../helpers/email-server.js';
import { usingServer } from '../../helpers/with-server.js';

useEmailServer();

test('spellings of one mailbox get one confirmation mail between them, counted at the relay', async (t) => {
  const spellings = [
    'victim@example.net',
    'Victim@example.net',
    'VICTIM@example.net',
    'victim+1@example.net',
    'ViCtIm+news@Example.NET',
  ];
  for (const email of spellings) t.is((await askJson({ email })).status, 202, email);
  // A mail to another mailbox, asked for last, comes after any the spellings could have sent.
  t.is((await askJson({ email: 'bystander@example.net' })).status, 202);
  await awaitMails('bystander@example.net', 1);
  const toVictim = smtp.received.filter((mail) =>
    mail.envelope.to.some((to) => /^victim(\+[^@]*)?@example\.net$/i.test(to)),
  );
  t.is(toVictim.length, 1, 'one confirmation mail reached the mailbox');
});

test('Gmail spellings of one mailbox get one confirmation mail, sent to the address as written', async (t) => {
  const spellings = [
    'j.ohnsmith@gmail.com',
    'jo.hnsmith@gmail.com',
    'john.smith@googlemail.com',
    'John.Smith+alerts@GoogleMail.com',
    'johnsmith@gmail.com',
  ];
  for (const email of spellings) t.is((await askJson({ email })).status, 202, email);
  t.is((await askJson({ email: 'gmail-bystander@example.net' })).status, 202);
  await awaitMails('gmail-bystander@example.net', 1);
  const toJohn = smtp.received.filter((mail) =>
    mail.envelope.to.some((to) => /@(gmail|googlemail)\.com$/i.test(to)),
  );
  t.is(toJohn.length, 1, 'one confirmation mail reached the Gmail inbox');
  t.deepEqual(toJohn[0]?.envelope.to, ['j.ohnsmith@gmail.com'], 'the mail goes to the address as written');
});

test('one network fills a share of ALERTS_MAX_UNVERIFIED, and a reader elsewhere still gets a mail', async (t) => {
  await usingServer(
    {
      content: content.dir,
      env: {
        SMTP_URL: smtp.url,
        ALERTS_EMAIL_FROM: FROM,
        ALERTS_DB: `${db}-share`,
        ALERTS_MAX_UNVERIFIED: '20',
        ALERTS_WRITES_PER_ADDRESS: '0',
        ALERTS_WRITES_PER_NETWORK: '0',
        TRUST_PROXY_HOPS: '1',
      },
    },
    async (shared) => {
      const from = { 'X-Forwarded-For': '203.0.113.7' };
      const statuses: number[] = [];
      for (let index = 0; index < 25; index += 1)
        statuses.push((await askJson({ email: `catchall-${index}@example.org` }, from, shared.url)).status);
      t.deepEqual(statuses.slice(0, 2), [202, 202], 'the network gets its share');
      t.true(
        statuses.slice(2).every((status) => status === 429),
        'past its share the network is told to wait',
      );
      const refused = await askJson({ email: 'catchall-99@example.org' }, from, shared.url);
      t.is(refused.type, 'application/problem+json');
      t.is(refused.body?.code, 'rate_limited');
      const reader = await askJson(
        { email: 'reader@example.com' },
        { 'X-Forwarded-For': '198.51.100.4' },
        shared.url,
      );
      t.is(reader.status, 202, 'a reader on another network is not refused');
      await awaitMails('reader@example.com', 1);
    },
  );
});
