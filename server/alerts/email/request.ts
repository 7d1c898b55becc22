import type { Context } from 'koa';
import { HttpProblem } from '../../http/http-problem.js';
import { makeProblem } from '../../http/problem-types.js';
import { readBoundedBody, requireJson } from '../../http/request-body.js';
import { TOKEN_PATTERN } from './tokens.js';

/**
 * Reading what a request to the email endpoints carries: a body as JSON or as a page's form
 * (`application/x-www-form-urlencoded`), checked by a schema with each refusal naming its field, and
 * the token in a link's query.
 */

/** An address, two filters and a language: 2 KiB leaves room and nothing more. */
export const EMAIL_BODY_MAX_BYTES = 2048;

/** Whether the body is a page's form (its answer is then a page, not JSON). */
export const isForm = (ctx: Context): boolean =>
  typeof ctx.request.is('application/x-www-form-urlencoded') === 'string';

const invalid = (origin: string, detail: string, parameter?: string) =>
  new HttpProblem(makeProblem(origin, 'invalid_body', detail, parameter));

/**
 * The body's fields: a JSON object as it is, or a form's fields as strings. A form field given twice
 * is named in `repeated` (there is no telling which one was meant; `checkRepeated` refuses it), so the
 * caller can still read the form's language first. Anything but these two media types is refused.
 */
export async function readFields(
  ctx: Context,
  origin: string,
): Promise<{ readonly fields: unknown; readonly repeated: string | null }> {
  const form = isForm(ctx);
  if (!form) requireJson(ctx, origin, 'the body');
  const text = (await readBoundedBody(ctx.req, EMAIL_BODY_MAX_BYTES, origin)).toString('utf8');
  if (!form) {
    try {
      return { fields: JSON.parse(text) as unknown, repeated: null };
    } catch {
      throw invalid(origin, 'The body is not valid JSON.');
    }
  }
  const fields: Record<string, string> = {};
  let repeated: string | null = null;
  for (const [name, value] of new URLSearchParams(text)) {
    if (!Object.prototype.hasOwnProperty.call(fields, name)) fields[name] = value;
    else repeated ??= name;
  }
  return { fields, repeated };
}

/** Refuses a form whose field `repeated` was given more than once. */
export function checkRepeated(origin: string, repeated: string | null): void {
  if (repeated !== null) throw invalid(origin, `The field "${repeated}" is given more than once.`, repeated);
}

/** The link's token (`?token=`), when there is exactly one of the links' shape; null otherwise. */
export function linkToken(ctx: Context): string | null {
  const tokens = new URLSearchParams(ctx.querystring).getAll('token');
  return tokens.length === 1 && TOKEN_PATTERN.test(tokens[0]!) ? tokens[0]! : null;
}

/**
 * Whether a POST body is RFC 8058's one-click unsubscribe (`List-Unsubscribe=One-Click`), which a
 * mail provider's server sends; the page's own button sends no such field.
 */
export async function isOneClick(ctx: Context, origin: string): Promise<boolean> {
  const text = (await readBoundedBody(ctx.req, EMAIL_BODY_MAX_BYTES, origin)).toString('utf8');
  return isForm(ctx) && new URLSearchParams(text).get('List-Unsubscribe') === 'One-Click';
}
