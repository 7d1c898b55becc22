/**
 * `npm run alerts:mark -- <id> (--silent | --alert) [--dir <folder>]`: records the curator's word on
 * the event's current revision in the alerts' store, without changing the content: `--silent` for
 * history added to the record by hand (no alert when it is published), `--alert` for a correction
 * to be alerted. `content:new --no-alert` and `content:revise --alert` record the same mark as they
 * write; this is for an event already written. The mark goes to the store the service uses (the
 * settings file, tools/service-settings.ts).
 */
import path from 'node:path';
import { Slug } from '../domain/schemas/limits.js';
import { markAlert } from './alert-marks.js';
import { readCommandLine } from './command-line.js';
import { contentDirOf, readJsonFile } from './content-files.js';

const {
  values: flags,
  positionals: [id = ''],
  refuse,
} = readCommandLine({
  usage: 'npm run alerts:mark -- <id> (--silent | --alert) [--dir <folder>]',
  description:
    "Records in the alerts' store that publishing the event's current revision alerts nobody (--silent) or alerts its subscribers (--alert), without changing the content.",
  arguments: [{ name: '<id>', required: true, description: 'the event id (its file name without .json)' }],
  options: {
    silent: { type: 'boolean', description: 'no alert for this revision (history added by hand)' },
    alert: { type: 'boolean', description: 'an alert for this revision although it is a correction' },
    dir: {
      type: 'string',
      value: '<folder>',
      description: 'the content folder (default: CONTENT_DIR of the settings, else content/)',
    },
  },
});
if (!Slug.safeParse(id).success) refuse(`'${id}' is not an event id`);
if (flags.silent === flags.alert) refuse('choose --silent or --alert');
const file = path.join(contentDirOf(flags.dir), 'events', `${id}.json`);
const event = await readJsonFile(file).catch((error: Error) => {
  console.error(`no event ${id}: ${error.message}`);
  return process.exit(1);
});
const revision = Number(event.revision);
if (!Number.isInteger(revision) || revision < 1) {
  console.error(`${file}: revision is not a positive whole number`);
  process.exit(1);
}
console.log(await markAlert({ eventId: id, revision, mode: flags.silent ? 'silent' : 'alert' }));
