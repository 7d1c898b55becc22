import test from 'ava';
import { TOKEN_PATTERN, hashToken, newToken, tokenMatches } from '../../../../server/alerts/email/tokens.js';

test('a token is 32 random bytes in base64url, and its hash is its SHA-256', (t) => {
  const { token, hash } = newToken();
  t.regex(token, TOKEN_PATTERN);
  t.is(Buffer.from(token, 'base64url').length, 32);
  t.is(hash, hashToken(token));
  t.not(hash, token, 'the store never sees the token itself');
  t.is(Buffer.from(hash, 'base64url').length, 32);
});

test("a token's hash matches only that token", (t) => {
  const tokens = Array.from({ length: 200 }, () => newToken());
  t.is(new Set(tokens.map(({ token }) => token)).size, tokens.length, 'no two tokens alike');
  for (const [index, { token, hash }] of tokens.entries()) {
    t.true(tokenMatches(token, hash));
    const other = tokens[(index + 1) % tokens.length]!;
    t.false(tokenMatches(other.token, hash));
    t.not(hashToken(other.token), hash);
  }
});

test('a token changed in one character, cut short or of another shape never matches', (t) => {
  const { token, hash } = newToken();
  const last = token.at(-1) === 'A' ? 'B' : 'A';
  t.false(tokenMatches(`${token.slice(0, -1)}${last}`, hash));
  t.false(tokenMatches(token.slice(0, -1), hash));
  t.false(tokenMatches(`${token}A`, hash));
  t.false(tokenMatches('', hash));
  t.false(tokenMatches(`${token.slice(0, -1)}=`, hash));
  t.false(tokenMatches(token, 'not a hash'), 'a stored value of another length does not throw');
});
