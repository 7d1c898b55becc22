import test from 'ava';
import Parser from 'rss-parser';
import { html, safeHref } from '../../../../server/site/html.js';
import { getText } from '../../../helpers/html.js';
import { usingServer } from '../../../helpers/with-server.js';
import { HOSTILE_FIXTURE } from '../../../helpers/fixtures.js';

const HOSTILE = HOSTILE_FIXTURE;
const EVENT = '/events/2025-03-10-five-hour-reset';
const TITLE = 'Reset <b>bold</b> & "quoted" &amp; &lt;kept&gt;';

test('html escapes every interpolated value unless it is already markup', (t) => {
  const inner = html`<b>${'<i>'}</b>`;
  t.is(
    html`<p title="${'"x" & \'y\''}">${inner}${['<a>', 1]}${null}${false}</p>`.value,
    '<p title="&quot;x&quot; &amp; &#39;y&#39;"><b>&lt;i&gt;</b>&lt;a&gt;1</p>',
  );
});

test('safeHref lets http(s) and site paths through and nothing else', (t) => {
  t.is(safeHref('https://x.com/a'), 'https://x.com/a');
  t.is(safeHref('/events/a'), '/events/a');
  t.is(safeHref('javascript:alert(1)'), '#');
  t.is(safeHref('data:text/html,<script>'), '#');
  t.is(safeHref('//evil.example/'), '#');
});

test('script in a summary, an excerpt, a title, an audience and a source never reaches a page as markup', async (t) => {
  await usingServer({ content: HOSTILE }, async (site) => {
    for (const page of ['/', EVENT, '/sources', '/?window=five_hour', `/ja${EVENT}`, '/zh-TW/sources']) {
      const { res, body } = await getText(`${site.url}${page}`);
      t.is(res.status, 200, page);
      // The site's own script, by its hashed name, is the only one.
      const ours = /<script src="\/assets\/local-time\.[\w-]{10}\.js" defer><\/script>/g;
      t.notRegex(body.replace(ours, ''), /<script/i, page);
      t.notRegex(body, /<img|<i>|<b>/i, page);
    }
    const { body } = await getText(`${site.url}${EVENT}`);
    t.true(body.includes('&lt;script&gt;alert(&quot;summary&quot;)&lt;/script&gt;'));
    t.true(body.includes('&lt;/blockquote&gt;&lt;script&gt;alert(&quot;excerpt&quot;)&lt;/script&gt;'));
    t.true(
      body.includes('Reset &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; &amp;amp; &amp;lt;kept&amp;gt;'),
    );
    t.true(body.includes('Pro &amp; Max &lt;i&gt;subscribers&lt;/i&gt;'));
    t.true(body.includes('&lt;script&gt;alert(&#39;reason&#39;)&lt;/script&gt;'));
    const sources = (await getText(`${site.url}/sources`)).body;
    t.true(sources.includes('Official &lt;script&gt;alert(&quot;source&quot;)&lt;/script&gt; account.'));
  });
});

test('the same strings reach feed readers as text, never as markup', async (t) => {
  await usingServer({ content: HOSTILE }, async (site) => {
    const rss = await new Parser().parseString((await getText(`${site.url}/feed.xml`)).body);
    const json = JSON.parse((await getText(`${site.url}/feed.json`)).body) as {
      items: { content_text: string; content_html: string }[];
    };
    // Readers render the RSS description and content_html as HTML: the script must arrive escaped.
    const htmlBodies = [
      ...rss.items.map((item) => item.content ?? ''),
      ...json.items.map((item) => item.content_html),
    ];
    t.true(htmlBodies.every((body) => !/<script|<img/i.test(body)));
    t.true(
      htmlBodies.some((body) => body.includes('&lt;script&gt;alert(&quot;summary&quot;)&lt;/script&gt;')),
    );
    t.true(json.items.some((item) => item.content_text.includes('<script>alert("summary")</script>')));
    // Text that merely looks like an entity stays text: the title comes back exactly as written.
    t.true(rss.items.some((item) => item.title === TITLE));
    t.true(
      htmlBodies.some((body) => body.includes('Literal entity text: &amp;lt;b&amp;gt; &amp;amp; AT&amp;T.')),
    );
    t.true(
      json.items.some((item) => item.content_text.includes('Literal entity text: &lt;b&gt; &amp; AT&T.')),
    );
  });
});
