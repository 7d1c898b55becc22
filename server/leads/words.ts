/**
 * Whether a text speaks of usage: the words a lead is matched on (docs/curating.md, "Leads"). Each
 * term is named by what it matched, so a lead says why it is one.
 */
const TERMS: readonly (readonly [string, RegExp])[] = [
  ['usage limits', /\busage[- ]limits?\b/i],
  ['rate limits', /\brate[- ]limit(?:s|ed|ing)?\b/i],
  ['weekly limits', /\bweekly (?:usage |rate )?limits?\b/i],
  ['session limits', /\b(?:session|5[- ]hour|five[- ]hour) (?:usage |session )?limits?\b/i],
  ['quota', /\bquotas?\b/i],
  ['usage credits', /\busage credits?\b/i],
  ['extra usage', /\bextra usage\b/i],
  // Any reset: the provider's posts name one in many ways ("a reset to use anytime", "we've reset").
  ['reset', /\breset(?:s|ting)?\b/i],
];

/** The usage terms `text` matches, in a fixed order; empty when it speaks of none. */
export function usageTerms(text: string): string[] {
  return TERMS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}
