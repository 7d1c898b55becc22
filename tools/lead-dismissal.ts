/**
 * `npm run leads -- dismiss`: a lead answered as no event, in the store and in the research ledger
 * (docs/record/ledger.json) as left out, as one step. The ledger's new entry is checked against its
 * schema before anything changes; the ledger is written whole (a temporary file renamed over it),
 * then the store answers the lead; when the store fails, the ledger is put back as it was. So store
 * and ledger agree whatever fails, and the ledger is never written with a value it refuses.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { format } from 'prettier';
import { Ledger } from '../domain/content/ledger.js';
import { decodePostTime, parsePostUrl } from '../domain/content/post-time.js';
import { webAddress } from '../domain/text/web-address.js';
import { plausibleTime, utcDay } from '../domain/time.js';
import type { LeadStore, StoredLead } from '../server/store/index.js';

/** The dismissal cannot be made: nothing was changed. */
export class DismissalRefused extends Error {
  override readonly name = 'DismissalRefused';
}

/** `text` in `file` at once: readers see the old file or the new, never a part. */
async function replaceFile(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The ledger's entry for `lead`, left out with `why`: its day and who posted it. */
function entryOf(lead: StoredLead, why: string) {
  const post = parsePostUrl(lead.url);
  const postTime = post && post.platform !== 'other' ? decodePostTime(post) : null;
  const url = new URL(lead.url);
  const who = post?.platform === 'x' ? `@${url.pathname.split('/')[1] ?? ''}` : url.hostname;
  const at = plausibleTime(postTime) ?? plausibleTime(lead.postedAt) ?? lead.seenAt;
  return { url: lead.url, date: utcDay(at), who, left_out: why };
}

/**
 * Answers `lead` with `why` in `store`, and writes it into the ledger `file` as left out unless the
 * ledger holds its URL already or it has no web address. Resolves with whether the ledger was
 * written; rejects with `DismissalRefused` (nothing changed) when the ledger cannot be read or would
 * not hold the entry, or with the store's error once the ledger is back as it was.
 */
export async function dismissLead(
  store: Pick<LeadStore, 'answerLead'>,
  file: string,
  lead: StoredLead,
  why: string,
): Promise<boolean> {
  const before = await readFile(file, 'utf8').catch((error: Error) => {
    throw new DismissalRefused(`${file} cannot be read: ${error.message}`);
  });
  let ledger: Ledger;
  try {
    ledger = Ledger.parse(JSON.parse(before));
  } catch (error) {
    throw new DismissalRefused(`${file} is not a ledger: ${(error as Error).message}`);
  }
  const adds = webAddress(lead.url) !== null && !ledger.entries.some((entry) => entry.url === lead.url);
  if (adds) {
    const entries = [...ledger.entries, entryOf(lead, why)].sort(
      (a, b) => a.date.localeCompare(b.date) || a.url.localeCompare(b.url),
    );
    const checked = Ledger.safeParse({ ...ledger, entries });
    if (!checked.success)
      throw new DismissalRefused(
        `lead #${lead.id} would not be a ledger entry: ${checked.error.issues
          .map((issue) => `${issue.path.slice(2).join('.') || 'entry'}: ${issue.message}`)
          .join('; ')}`,
      );
    // Through the project's formatter, as the format check reads it.
    await replaceFile(file, await format(JSON.stringify(checked.data), { parser: 'json', printWidth: 110 }));
  }
  let answered: boolean;
  try {
    answered = await store.answerLead(lead.id, { why });
  } catch (error) {
    if (adds) await replaceFile(file, before);
    throw error;
  }
  if (!answered) {
    if (adds) await replaceFile(file, before);
    throw new DismissalRefused(`lead #${lead.id} is answered already`);
  }
  return adds;
}
