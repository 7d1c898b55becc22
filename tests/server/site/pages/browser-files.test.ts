import path from 'node:path';
import test from 'ava';
import type { BrowserFile } from '../../../../server/site/pages/browser-files.js';
import {
  browserFile,
  prepareBrowserFiles,
  siteSourceDir,
} from '../../../../server/site/pages/browser-files.js';
import { ROOT } from '../../../helpers/fixtures.js';

const SCRIPTS: BrowserFile[] = ['alerts.js', 'local-time.js', 'docs-init.js', 'sw.js'];
const STYLESHEETS: BrowserFile[] = ['site.css', 'embed.css'];

test('site-src/ is found at the repository root', (t) => {
  t.is(siteSourceDir(), path.join(ROOT, 'site-src'));
});

test('the files are built once, however many servers start at once', async (t) => {
  await Promise.all([prepareBrowserFiles(), prepareBrowserFiles(), prepareBrowserFiles()]);
  const first = browserFile('alerts.js');
  await prepareBrowserFiles();
  t.is(browserFile('alerts.js'), first);
});

test('each script is one minified strict IIFE, with its imports bundled in', async (t) => {
  await prepareBrowserFiles();
  for (const name of SCRIPTS) {
    const text = browserFile(name);
    t.regex(text, /^"use strict";\(\(\)=>\{.*\}\)\(\);\n$/s, name);
    t.false(/\bimport\b|\bexport\b|\brequire\(/.test(text), `${name} has no module syntax left`);
    t.is(text.split('\n').length, 2, `${name} is one line`);
  }
  // The shared helper turning a base64url VAPID key into bytes is in both files that subscribe.
  for (const name of ['alerts.js', 'sw.js'] as const) t.true(browserFile(name).includes('atob('), name);
  t.false(browserFile('local-time.js').includes('atob('));
});

test('each stylesheet starts with the palette it imports, and keeps no @import', async (t) => {
  await prepareBrowserFiles();
  for (const name of STYLESHEETS) {
    const text = browserFile(name);
    t.true(text.startsWith(':root{color-scheme:light dark;'), name);
    t.regex(text, /@media\(prefers-color-scheme:dark\)\{:root\{--bg: #15171a;/, name);
    t.false(text.includes('@import'), name);
  }
  t.true(browserFile('site.css').length > browserFile('embed.css').length);
});
