import escapeHtml from 'escape-html';

/** Markup that is already safe to emit; anything else given to `html` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  // escape-html (the escaper Express and Koa's ecosystem use) covers & < > " ', enough for text and
  // quoted attribute values, which is everywhere the templates interpolate.
  return escapeHtml(String(value));
}

/**
 * Tagged template that escapes every interpolated value unless it is `SafeHtml` (the result of
 * another `html` call); arrays are joined, and null, undefined and false render nothing.
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** An address safe for `href`: http(s) URLs and site paths pass; anything else (javascript:, data:) does not. */
export function safeHref(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : '#';
  } catch {
    return '#';
  }
}
