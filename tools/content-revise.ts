/**
 * `npm run content:revise -- <id> [--confirm | --cancel "reason" | --retract "reason" | --correct "reason"] [--dir …]`:
 * bumps the event's `revision`, sets `revised_at`, and writes `event_status` and `correction`
 * together; without an action it records a hand edit. Key order and formatting are kept.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Revision } from '../domain/content/revise.js';
import { reviseEvent } from '../domain/content/revise.js';
import { contentDirOf, readJsonFile, writeContentFile } from './content-files.js';

const { values: flags, positionals } = parseArgs({
  options: {
    dir: { type: 'string' },
    confirm: { type: 'boolean' },
    cancel: { type: 'string' },
    retract: { type: 'string' },
    correct: { type: 'string' },
  },
  allowPositionals: true,
});
const [id] = positionals;
const actions = [flags.confirm, flags.cancel, flags.retract, flags.correct].filter(
  (flag) => flag !== undefined,
);
if (!id || actions.length > 1) {
  console.error(
    'usage: npm run content:revise -- <id> [--confirm | --cancel "reason" | --retract "reason" | --correct "reason"]',
  );
  process.exit(2);
}
const revision: Revision = flags.confirm
  ? { action: 'confirm' }
  : flags.cancel !== undefined
    ? { action: 'cancel', reason: flags.cancel }
    : flags.retract !== undefined
      ? { action: 'retract', reason: flags.retract }
      : flags.correct !== undefined
        ? { action: 'correct', reason: flags.correct }
        : { action: 'edit' };
const file = path.join(contentDirOf(flags.dir), 'events', `${id}.json`);
const event = await readJsonFile(file).catch(() => {
  console.error(`no event file ${path.relative(process.cwd(), file)}`);
  process.exit(1);
});
const revised = reviseEvent(event, revision, Date.now());
await writeContentFile(file, revised);
console.log(
  `revised ${path.relative(process.cwd(), file)}: revision ${String(revised['revision'])}, status ${String(revised['event_status'])}${revision.action === 'edit' || revision.action === 'confirm' ? '' : `, ${revision.action} recorded`}`,
);
