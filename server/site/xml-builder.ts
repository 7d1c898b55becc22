import type * as Xmlbuilder2Module from 'xmlbuilder2';

type Xmlbuilder2 = typeof Xmlbuilder2Module;
type XMLBuilder = ReturnType<Xmlbuilder2['create']>;

let loaded: Xmlbuilder2 | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads xmlbuilder2, the XML serializer of the feeds and the sitemap, once per process. It and what it
 * imports (its DOM, its YAML reader: about 140 modules) cost a process about a tenth of a CPU second
 * to load, so it loads with the first request for an XML resource (`SiteResource.prepare`), not with
 * the server: a worker that never serves a feed never pays for it. A load that fails fails that
 * request and is tried again by the next one.
 */
export function loadXmlBuilder(): Promise<void> {
  if (loaded) return Promise.resolve();
  loading ??= import('xmlbuilder2').then(
    (module) => {
      loaded = module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** A new XML 1.0 document in UTF-8; `loadXmlBuilder()` must have finished. */
export function xmlDocument(): XMLBuilder {
  if (!loaded) throw new Error('xmlbuilder2 is not loaded yet: await loadXmlBuilder() first');
  return loaded.create({ version: '1.0', encoding: 'UTF-8' });
}
