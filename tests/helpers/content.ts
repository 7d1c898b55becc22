import type { ExecutionContext } from 'ava';
import type { z } from 'zod';
import type { CollectionFile, EventFile, SourcesFile } from '../../domain/content/files.js';
import type { ContentProblem } from '../../domain/content/problems.js';
import type { RawContent } from '../../domain/content/validate.js';
import { validateContent } from '../../domain/content/validate.js';

/** Ids (and file names) of the events in tests/fixtures/content-valid. */
export const WEEKLY = '2025-03-03-weekly-reset'; // exact, X original, time decoded from the snowflake
export const FIVE_HOUR = '2025-03-10-five-hour-reset'; // exact, Bluesky original + X relay, revision 2
export const DATED = '2025-04-02-status-page-reset'; // date-only, status page original
export const ANNOUNCED = '2025-05-20-announced-reset'; // announced, web page original, stated time

export type EventInput = z.input<typeof EventFile>;
type SourcesInput = z.input<typeof SourcesFile>;
type CollectionInput = z.input<typeof CollectionFile>;

export interface Draft {
  readonly collection: CollectionInput;
  readonly sources: SourcesInput;
  /** The event file `events/<id>.json`, to edit in place. */
  event(id: string): EventInput;
  readonly events: { file: string; data: unknown }[];
}

/** A deep copy of `raw` with `edit` applied to its files' JSON. */
export function editContent(raw: RawContent, edit: (draft: Draft) => void): RawContent {
  const copy = structuredClone({ collection: raw.collection, sources: raw.sources, events: [...raw.events] });
  edit({
    collection: copy.collection.data as CollectionInput,
    sources: copy.sources.data as SourcesInput,
    event: (id) => {
      const found = copy.events.find((entry) => entry.file === `events/${id}.json`);
      if (!found) throw new Error(`no event file for ${id}`);
      return found.data as EventInput;
    },
    events: copy.events,
  });
  return copy;
}

function problemsOf(raw: RawContent): readonly ContentProblem[] {
  const result = validateContent(raw);
  if (result.ok) throw new Error('expected the content to be refused');
  return result.problems;
}

export interface ExpectedProblem {
  readonly file: string;
  readonly path: string;
  readonly rule: RegExp;
}

/** Asserts the content is refused with exactly the expected problems, in any order. */
export function assertProblems(
  t: ExecutionContext,
  raw: RawContent,
  expected: readonly ExpectedProblem[],
): void {
  const problems = problemsOf(raw);
  t.is(problems.length, expected.length, JSON.stringify(problems, null, 2));
  for (const want of expected) {
    const match = problems.find(
      (problem) => problem.file === want.file && problem.path === want.path && want.rule.test(problem.rule),
    );
    t.truthy(
      match,
      `missing ${want.file} ${want.path} ${String(want.rule)} in ${JSON.stringify(problems, null, 2)}`,
    );
  }
}

export const eventFile = (id: string): string => `events/${id}.json`;
