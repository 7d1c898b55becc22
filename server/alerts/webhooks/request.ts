import type { Context } from 'koa';
import type { WebhookRequest } from '../../../domain/schemas/alerts.js';
import { WebhookFormRequest, WebhookRequest as WebhookJson } from '../../../domain/schemas/alerts.js';
import { HttpProblem } from '../../http/http-problem.js';
import { makeProblem } from '../../http/problem-types.js';
import { readBoundedBody } from '../../http/request-body.js';
import type { Locale } from '../../../domain/locales.js';
import { checkedBody } from '../checked-body.js';

/** A registration is a URL of at most 2,048 characters and two filters: 4 KiB leaves room and nothing more. */
const WEBHOOK_BODY_MAX_BYTES = 4096;

/** A registration as read: the request, and the language of the form's page (null for JSON). */
export interface ReadRegistration {
  readonly request: WebhookRequest;
  readonly lang: Locale | null;
}

const FORM = 'application/x-www-form-urlencoded';

function invalid(origin: string, detail: string, parameter?: string): HttpProblem {
  return new HttpProblem(makeProblem(origin, 'invalid_body', detail, parameter));
}

/**
 * The fields of `POST /alerts/webhooks`: JSON (`{"url","audience","window"}`) or an HTML form (the
 * same fields and `lang`, the page's language), in UTF-8, at most `WEBHOOK_BODY_MAX_BYTES`; an
 * unknown field, or a form field given twice, is refused rather than ignored.
 */
export async function readRegistration(ctx: Context, origin: string): Promise<ReadRegistration> {
  const type = ctx.request.type.trim().toLowerCase();
  const charset = ctx.request.charset.toLowerCase();
  if ((type !== 'application/json' && type !== FORM) || (charset !== '' && charset !== 'utf-8'))
    throw new HttpProblem(
      makeProblem(
        origin,
        'unsupported_media_type',
        `Send the body as application/json or ${FORM}, in UTF-8.`,
      ),
    );
  const text = (await readBoundedBody(ctx.req, WEBHOOK_BODY_MAX_BYTES, origin)).toString('utf8');
  if (type === FORM) {
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(text)) {
      if (Object.hasOwn(fields, name))
        throw invalid(origin, `The field "${name}" is given more than once.`, name);
      fields[name] = value;
    }
    const { lang, ...request } = checkedBody(origin, WebhookFormRequest, fields);
    return { request, lang };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid(origin, 'The body is not valid JSON.');
  }
  return { request: checkedBody(origin, WebhookJson, body), lang: null };
}
