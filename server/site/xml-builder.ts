import type * as Xmlbuilder2Module from 'xmlbuilder2';
import { loadOnce } from '../http/load-once.js';

type Xmlbuilder2 = typeof Xmlbuilder2Module;
type XMLBuilder = ReturnType<Xmlbuilder2['create']>;

let loaded: Xmlbuilder2 | undefined;
const loadModule = loadOnce(() => import('xmlbuilder2'));

/**
 * Loads xmlbuilder2, the XML serializer of the feeds and the sitemap, once per process. It and what it
 * imports (its DOM, its YAML reader: about 140 modules) cost a process about a tenth of a CPU second
 * to load, so it loads with the first request for an XML resource (`SiteResource.prepare`), not with
 * the server: a worker that never serves a feed never pays for it.
 */
export async function loadXmlBuilder(): Promise<void> {
  loaded ??= await loadModule();
}

/** A new XML 1.0 document in UTF-8; `loadXmlBuilder()` must have finished. */
export function xmlDocument(): XMLBuilder {
  if (!loaded) throw new Error('xmlbuilder2 is not loaded yet: await loadXmlBuilder() first');
  return loaded.create({ version: '1.0', encoding: 'UTF-8' });
}
