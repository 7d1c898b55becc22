/**
 * An X post's own words, read through oEmbed (as `content:new` does: domain/content/oembed.ts), for a
 * lead that came with none (another tracker's link). The lead then says what the provider wrote and
 * which usage words it matched.
 */
import { oembedUrl, readOembed } from '../../domain/content/oembed.js';
import type { PoliteClient } from './polite-client.js';
import type { Sighting } from './read/types.js';
import { clip } from './read/types.js';
import { usageTerms } from './words.js';

/** The sighting with the post's words, or as it was (and why) when oEmbed could not be read. */
export async function withPostWords(
  sighting: Sighting,
  client: PoliteClient,
  origin: string | undefined,
): Promise<{ sighting: Sighting; failed?: string }> {
  if (sighting.postId === null || sighting.words !== '') return { sighting };
  const fetched = await client.get(oembedUrl('x', sighting.url, origin).href);
  if (fetched.kind !== 'body')
    return { sighting, failed: fetched.kind === 'failed' ? fetched.reason : 'no body' };
  let details;
  try {
    details = readOembed(JSON.parse(fetched.body));
  } catch {
    return { sighting, failed: 'an oEmbed answer that is not JSON' };
  }
  if (details.text === null) return { sighting, failed: 'an oEmbed answer without the post' };
  return {
    sighting: {
      ...sighting,
      title: details.authorName ? `${details.authorName} (${sighting.title})` : sighting.title,
      words: clip(details.text),
      matched: usageTerms(details.text),
    },
  };
}
