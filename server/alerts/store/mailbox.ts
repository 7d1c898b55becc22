import { createHash } from 'node:crypto';

/**
 * The mailbox an address reaches, as mail providers see it: the local part case-folded and its
 * `+tag` dropped, the domain lower-cased. `Victim@`, `VICTIM@` and `victim+1@` are one mailbox, so
 * the limits on confirmation mails hold whatever the spelling. Only the limits use it: the stored
 * address stays as it was given.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at).toLowerCase();
  const plus = local.indexOf('+');
  return `${plus === -1 ? local : local.slice(0, plus)}@${email.slice(at + 1).toLowerCase()}`;
}

/**
 * What the store keeps of a mailbox to count its confirmation mails: a SHA-256 (base64url), so the
 * count outlives no address in readable form.
 */
export function mailboxKey(email: string): string {
  return createHash('sha256').update(mailboxOf(email), 'utf8').digest('base64url');
}
