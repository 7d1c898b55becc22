import type { z } from 'zod';
import { HttpProblem } from '../http/http-problem.js';
import { makeProblem } from '../http/problem-types.js';

/**
 * A request body checked by `schema`; its first refusal is a 400 `invalid_body` problem naming the
 * field (the dotted path, or the first unknown key), as every alert endpoint names it: browser
 * subscriptions, webhooks and email addresses alike.
 */
export function checkedBody<T extends z.ZodType>(origin: string, schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const field = [...issue.path, ...keys.slice(0, 1)].map(String).join('.');
  const detail =
    issue.code === 'unrecognized_keys'
      ? `The field "${field}" is not one this request takes.`
      : field === ''
        ? `The body must be a JSON object: ${issue.message}.`
        : `Invalid value for "${field}": ${issue.message}.`;
  throw new HttpProblem(makeProblem(origin, 'invalid_body', detail, field === '' ? undefined : field));
}
