/**
 * Whether a text may be an event: the words a lead is matched on, and who is speaking
 * (docs/curating.md, "How the watcher decides"). Each term is named by what it matched, so a lead
 * says why it is one. The labelled corpus (tests/fixtures/leads/corpus/) holds the rule to account.
 */
const TERMS: readonly (readonly [string, RegExp])[] = [
  ['usage limits', /\busage[- ]limits?\b/i],
  ['rate limits', /\brate[- ]limit(?:s|ed|ing)?\b/i],
  ['weekly limits', /\bweekly (?:usage |rate )?limits?\b/i],
  ['session limits', /\b(?:session|5[- ]hour|five[- ]hour) (?:usage |session )?limits?\b/i],
  ['quota', /\bquotas?\b/i],
  ['usage credits', /\busage credits?\b/i],
  ['extra usage', /\bextra usage\b/i],
  ['reset', /\breset(?:s|ting)?\b/i],
];

/**
 * Who speaks, which decides how much a usage word weighs:
 * - `provider`: the provider's own posts (X): any term, a bare "reset" too ("a reset to use
 *   anytime", "we've reset").
 * - `notice`: the status page, the help centre, the news pages: any term, but a reset only next to
 *   limits, usage or a plan ("password reset" is none).
 * - `client`: claude-code's notes of its own behaviour: only where the provider speaks of a change
 *   to limits ("we've updated usage limits for Claude Code users"), never a fix or feature of the
 *   client ("Fixed /usage weekly reset showing time of day").
 */
export type Voice = 'provider' | 'notice' | 'client';

/**
 * What the provider's own posts say when they name no term above ("we're doubling usage", "at 50%
 * of limits", "a one-time credit"): read only in the provider's voice, where a post of a watched
 * account that speaks of limits, usage or credit at all is worth the curator's look.
 */
const PROVIDER_TERMS: readonly (readonly [string, RegExp])[] = [
  ['limits', /\blimits?\b/i],
  ['usage', /\busage\b(?!-based)/i],
  ['credit', /\bcredits?\b/i],
];

/** A reset said of limits, usage or a plan, within a few words either way. */
const RESET_OF_LIMITS =
  /\b(?:limits?|usage|quotas?|plans?|subscribers?|users)\b[^.;:\n]{0,60}\breset(?:s|ting)?\b|\breset(?:s|ting)?\b[^.;:\n]{0,60}\b(?:limits?|usage|quotas?)\b/i;
/** The provider speaking: "we", "we've", "our". */
const PROVIDER_VOICE = /\b(?:we|we've|we're|we'll|we have|our)\b/i;
/** A change to limits announced for people or plans: "raised … limits for all Max users". */
const LIMITS_CHANGED =
  /\b(?:increas|rais|doubl|tripl|boost|lift|extend|reset)\w*\b[^.;:\n]{0,40}\blimits?\b[^.;:\n]{0,40}\b(?:for|on) (?:all|every|pro|max|team|paid|free|enterprise)\b/i;
/** How a client's own change note begins. */
const CLIENT_NOTE =
  /^\s*(?:\[[^\]]+\]\s*)?(?:fix(?:ed|es)?|add(?:ed|s)?|improv(?:ed|es)|chang(?:ed|es)|reduc(?:ed|es)|renam(?:ed|es)|simplif(?:ied|ies)|remov(?:ed|es)|updat(?:ed|es) the|show(?:s|ed)?|now)\b/i;

/** The usage terms `text` matches, in a fixed order; empty when it speaks of none. */
export function usageTerms(text: string, voice: Voice = 'provider'): string[] {
  const terms = TERMS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
  if (voice === 'provider')
    return terms.length > 0
      ? terms
      : PROVIDER_TERMS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
  const kept = RESET_OF_LIMITS.test(text) ? terms : terms.filter((term) => term !== 'reset');
  if (voice === 'notice') return kept;
  // A client's note counts only in the provider's voice, or as a change to limits for people.
  const speaks = (PROVIDER_VOICE.test(text) || LIMITS_CHANGED.test(text)) && !CLIENT_NOTE.test(text);
  return speaks ? kept : [];
}
