import test from 'ava';
import { OnceAMinute } from '../../../server/alerts/once-a-minute.js';

test('the first call warns; the rest of its minute are passed over and counted; the next minute warns with the count', (t) => {
  let now = 1_000_000;
  const once = new OnceAMinute(() => now);
  t.is(once.due(), 0);
  now += 1;
  t.is(once.due(), null);
  now += 59_998;
  t.is(once.due(), null, '59,999 ms after the warning is still its minute');
  now += 1;
  t.is(once.due(), 2, 'a minute after the warning, the next one says how many were passed over');
  t.is(once.due(), null, 'and starts a minute of its own');
  now += 60_000;
  t.is(once.due(), 1);
});

test('a clock that starts at 0 still warns at once', (t) => {
  const once = new OnceAMinute(() => 0);
  t.is(once.due(), 0);
  t.is(once.due(), null);
});
