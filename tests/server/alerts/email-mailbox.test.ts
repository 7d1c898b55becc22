import test from 'ava';
import { askJson, awaitMails, smtp, useEmailServer } from '../../helpers/email-server.js';

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
