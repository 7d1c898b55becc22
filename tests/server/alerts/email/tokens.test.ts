import test from 'ava';
import { TOKEN_PATTERN, newToken } from '../../../../server/alerts/email/tokens.js';
import { hashToken } from '../../../../server/alerts/token-hash.js';

test('a token is 32 random bytes in base64url, and its hash is its SHA-256', (t) => {
  const { token, hash } = newToken();
  t.regex(token, TOKEN_PATTERN);
  t.is(Buffer.from(token, 'base64url').length, 32);
  t.is(hash, hashToken(token, 'base64url'));
  t.not(hash, token, 'the store never sees the token itself');
  t.is(Buffer.from(hash, 'base64url').length, 32);
});

test("a token's hash is that token's only", (t) => {
  const tokens = Array.from({ length: 200 }, () => newToken());
  t.is(new Set(tokens.map(({ token }) => token)).size, tokens.length, 'no two tokens alike');
  for (const [index, { hash }] of tokens.entries()) {
    const other = tokens[(index + 1) % tokens.length]!;
    t.not(hashToken(other.token, 'base64url'), hash);
  }
});

test('the webhook rows keep the same hash in hex', (t) => {
  const { token, hash } = newToken();
  t.is(Buffer.from(hashToken(token, 'hex'), 'hex').toString('base64url'), hash);
});
