import { createHash } from 'node:crypto';

/**
 * Domains whose provider reads no dots in the local part and takes `googlemail.com` as `gmail.com`:
 * `j.ohn.smith@googlemail.com` reaches `johnsmith@gmail.com`.
 */
const DOTLESS_DOMAINS: ReadonlyMap<string, string> = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The mailbox an address reaches, as mail providers see it: the local part case-folded and its
 * `+tag` dropped, the domain lower-cased; for Gmail, the dots dropped too and one domain for its two.
 * `Victim@`, `VICTIM@`, `victim+1@` and, at Gmail, `vic.tim@googlemail.com` are one mailbox, so the
 * limits on confirmation mails hold whatever the spelling. Only the limits use it: the stored address,
 * the one mailed, stays as it was given.
 */
function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1).toLowerCase();
  const plus = email.indexOf('+');
  let local = email.slice(0, plus === -1 || plus > at ? at : plus).toLowerCase();
  const dotless = DOTLESS_DOMAINS.get(domain);
  if (dotless) local = local.replaceAll('.', '');
  return `${local}@${dotless ?? domain}`;
}

/**
 * What the store keeps of a mailbox to count its confirmation mails: a SHA-256 (base64url), so the
 * count outlives no address in readable form.
 */
export function mailboxKey(email: string): string {
  return createHash('sha256').update(mailboxOf(email), 'utf8').digest('base64url');
}
