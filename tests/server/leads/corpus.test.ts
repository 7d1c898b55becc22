import test from 'ava';
import { replayChangelog, scoreCorpus } from '../../helpers/lead-corpus.js';

test('on the labelled corpus every labelled event is a lead, from every source', async (t) => {
  const scores = await scoreCorpus();
  t.deepEqual(
    scores.map((score) => score.source),
    ['status_page', 'help_article', 'news', 'x', 'changelog', 'feed.xml', 'releases.atom'],
  );
  for (const score of scores) {
    t.deepEqual(score.missed, [], `${score.source}: recall 100 %`);
    if (score.precision !== null)
      t.true(score.precision >= 0.6, `${score.source}: precision ${score.precision}`);
  }
  t.true(scores.every((score) => score.items > 0));
});

test("claude-code's history from 2.0.51 on: 2.0.51 is a lead, and at most five others", async (t) => {
  const { releases, leads } = await replayChangelog('2.0.51');
  t.is(releases.length, 217);
  t.true(leads.includes('2.0.51'), "2.0.51: we've updated usage limits for Claude Code users");
  t.true(leads.filter((version) => version !== '2.0.51').length <= 5, leads.join(', '));
});
