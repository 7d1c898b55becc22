/**
 * `npm run content:revise -- <id> [--confirm | --cancel "reason" | --retract "reason" | --correct "reason"] [--alert | --no-alert] [--dir …]`:
 * bumps the event's `revision`, sets `revised_at`, and writes `event_status` and `correction`
 * together; without an action it records a hand edit. Key order and formatting are kept. `--alert`
 * has this revision alerted although it is a correction; `--no-alert` keeps it silent (alerts'
 * store, tools/alert-marks.ts).
 */
import path from 'node:path';
import type { Revision } from '../domain/content/revise.js';
import { reviseEvent } from '../domain/content/revise.js';
import { Slug } from '../domain/schemas/limits.js';
import { readCommandLine } from './command-line.js';
import { contentDirOf, readJsonFile, writeContentFile } from './content-files.js';
import { markAlert } from './alert-marks.js';

const ACTIONS = ['confirm', 'cancel', 'retract', 'correct'] as const;
const {
  values: flags,
  positionals: [id = ''],
  refuse,
} = readCommandLine({
  usage:
    'npm run content:revise -- <id> [--confirm | --cancel "reason" | --retract "reason" | --correct "reason"] [--alert | --no-alert] [--dir <folder>]',
  description:
    'Records a revision of an event: bumps revision, sets revised_at, and writes the new status and correction.',
  arguments: [{ name: '<id>', required: true, description: 'the event id (its file name without .json)' }],
  options: {
    confirm: { type: 'boolean', description: 'the announced event took place (status confirmed)' },
    cancel: { type: 'string', value: '"reason"', description: 'it was called off (status cancelled)' },
    retract: { type: 'string', value: '"reason"', description: 'it never was (status retracted)' },
    correct: { type: 'string', value: '"reason"', description: 'a correction of its facts' },
    alert: {
      type: 'boolean',
      description: 'send a browser alert for this revision although it is a correction',
    },
    'no-alert': {
      type: 'boolean',
      description: 'send no browser alert for this revision (e.g. a late --confirm)',
    },
    dir: {
      type: 'string',
      value: '<folder>',
      description: 'the content folder (default: CONTENT_DIR of the settings, else content/)',
    },
  },
});
const actions = ACTIONS.filter((action) => flags[action] !== undefined);
if (actions.length > 1)
  refuse(`choose one action, not ${actions.map((action) => `--${action}`).join(' and ')}`);
if (flags.alert && flags['no-alert']) refuse('choose --alert or --no-alert, not both');
if (!Slug.safeParse(id).success) refuse(`<id>: '${id}' is not an event id (a URL slug, as the file name)`);
const emptyReason = ACTIONS.find(
  (action) => flags[action] !== undefined && String(flags[action]).trim() === '',
);
if (emptyReason) refuse(`--${emptyReason} needs a reason`);
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
if (flags.alert || flags['no-alert']) {
  const mode = flags.alert ? 'alert' : 'silent';
  console.log(await markAlert({ eventId: id, revision: Number(revised['revision']), mode }));
}
