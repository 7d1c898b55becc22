/** The palette, light and dark, of the site and the embeddable card. */
const COLORS = `:root {
  color-scheme: light dark;
  --bg: #f7f7f5; --fg: #1d1f21; --muted: #5d6369; --card: #ffffff; --line: #dcdfe2;
  --accent: #1f5fbf; --accent-bg: #e8f0fc;
  --red: #a3261b; --red-bg: #fcebea; --amber: #8a5a00; --amber-bg: #fff4d6;
  --green: #1e6b3a; --green-bg: #e6f4ea; --blue: #1f5fbf; --blue-bg: #e8f0fc;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15171a; --fg: #e6e8ea; --muted: #a1a8af; --card: #1d2024; --line: #33383e;
    --accent: #8ab4f8; --accent-bg: #1e2a3d;
    --red: #f2a39b; --red-bg: #3a1f1d; --amber: #f1c66b; --amber-bg: #362c14;
    --green: #8fd3a4; --green-bg: #1b3124; --blue: #8ab4f8; --blue-bg: #1e2a3d;
  }
}`;

/** The site's only stylesheet, served same-origin at /assets/site.css so the CSP needs no inline styles. */
export const SITE_CSS = `
${COLORS}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--fg);
  font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif;
}
a { color: var(--accent); text-underline-offset: 2px; }
a:hover { text-decoration-thickness: 2px; }
.wrap { max-width: 62rem; margin: 0 auto; padding: 0 1rem; }
header.site { background: var(--card); border-bottom: 1px solid var(--line); }
header.site .wrap { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; padding: .75rem 1rem; }
.brand { font-weight: 700; color: var(--fg); text-decoration: none; font-size: 1.05rem; }
nav.site { display: flex; flex-wrap: wrap; gap: .25rem 1rem; font-size: .95rem; }
nav.site a { text-decoration: none; white-space: nowrap; }
/* The two feeds wrap together: at a phone's width neither is left alone on a line. */
nav.site .feeds { display: flex; gap: inherit; }
nav.site a[aria-current="page"] { color: var(--fg); font-weight: 600; }
/* The language menu: a <details> that opens a list of links without a script. */
.lang-menu { position: relative; margin-left: auto; font-size: .95rem; }
.lang-menu summary { cursor: pointer; padding: .3rem .7rem; min-height: 2.25rem; display: flex; align-items: center; gap: .35rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); list-style: none; }
.lang-menu summary::-webkit-details-marker { display: none; }
.lang-menu summary::after { content: "▾"; color: var(--muted); }
.lang-menu summary:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.lang-menu ul { position: absolute; right: 0; z-index: 10; margin: .3rem 0 0; padding: .3rem 0; list-style: none; min-width: 10rem; background: var(--card); border: 1px solid var(--line); border-radius: 8px; box-shadow: 0 4px 14px rgb(0 0 0 / 18%); }
.lang-menu a { display: block; padding: .4rem .9rem; text-decoration: none; }
.lang-menu a[aria-current="true"] { color: var(--fg); font-weight: 600; }
.lang-menu a:focus-visible { outline: 2px solid var(--accent); outline-offset: -2px; }
.local-time { color: var(--muted); }
.notice { background: var(--amber-bg); color: var(--fg); border-bottom: 1px solid var(--line); font-size: .9rem; }
.notice .wrap { padding: .5rem 1rem; }
main.wrap { padding: 1.5rem 1rem 2.5rem; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: .25rem 0 1rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .75rem; }
h3 { font-size: 1rem; margin: 0 0 .25rem; }
p { margin: .5rem 0; }
.muted { color: var(--muted); }
.small { font-size: .88rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 1rem 1.1rem; margin: 0 0 1rem; }
.card > :first-child { margin-top: 0; }
.card > :last-child { margin-bottom: 0; }
.hero .big { font-size: 2rem; font-weight: 700; line-height: 1.2; margin: .25rem 0; }
.grid { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); }
.stats { display: grid; gap: .75rem; grid-template-columns: repeat(auto-fit, minmax(9.5rem, 1fr)); margin: 0; }
.pager { display: flex; flex-wrap: wrap; gap: 1rem; align-items: baseline; margin: 1rem 0; }
.stats div { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: .6rem .8rem; }
.stats dt { font-size: .8rem; color: var(--muted); }
.stats dd { margin: 0; font-size: 1.25rem; font-weight: 650; }
.filters { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; margin: 0 0 1rem; }
.filters ul { display: flex; flex-wrap: wrap; gap: .35rem; list-style: none; margin: .25rem 0 0; padding: 0; }
.filters a { display: inline-block; padding: .2rem .7rem; border: 1px solid var(--line); border-radius: 999px; background: var(--card); text-decoration: none; font-size: .9rem; }
.filters a[aria-current="true"] { background: var(--accent); border-color: var(--accent); color: var(--card); }
.filters .label { font-size: .8rem; color: var(--muted); }
.table-scroll { overflow-x: auto; border: 1px solid var(--line); border-radius: 10px; background: var(--card); }
table { border-collapse: collapse; width: 100%; font-size: .93rem; }
th, td { text-align: left; vertical-align: top; padding: .5rem .75rem; border-bottom: 1px solid var(--line); }
tr:last-child td { border-bottom: 0; }
th { font-size: .8rem; color: var(--muted); font-weight: 600; white-space: nowrap; }
td.when { white-space: nowrap; }
dl.facts { display: grid; grid-template-columns: minmax(8rem, max-content) 1fr; gap: .4rem 1rem; margin: 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.sources a, .card a { overflow-wrap: anywhere; }
.badge { display: inline-block; font-size: .75rem; font-weight: 600; padding: .1rem .5rem; border-radius: 999px; border: 1px solid currentColor; white-space: nowrap; }
.badge-confirmed { color: var(--green); background: var(--green-bg); }
.badge-announced { color: var(--blue); background: var(--blue-bg); }
.badge-cancelled { color: var(--amber); background: var(--amber-bg); }
.badge-retracted { color: var(--red); background: var(--red-bg); }
.badge-kind { color: var(--muted); }
.banner { border-radius: 10px; padding: .8rem 1rem; margin: 0 0 1rem; border: 1px solid currentColor; }
.banner p { color: var(--fg); }
.banner strong { font-size: 1.05rem; }
.banner-retracted { color: var(--red); background: var(--red-bg); }
.banner-cancelled { color: var(--amber); background: var(--amber-bg); }
.banner-announced { color: var(--blue); background: var(--blue-bg); }
.sources { list-style: none; padding: 0; margin: 0; display: grid; gap: .75rem; }
blockquote { margin: .5rem 0 0; padding: .4rem .8rem; border-left: 3px solid var(--line); color: var(--fg); font-style: italic; }
.links { display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; padding: 0; list-style: none; }
section.code { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: .8rem 1rem; overflow-x: auto; font-size: .85rem; margin: .5rem 0; }
section.code pre { margin: 0; }
section.code:focus-visible, .table-scroll:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: .9em; overflow-wrap: anywhere; }
.chart { margin: 1.5rem 0; }
.chart svg.plot { display: block; width: 100%; height: auto; max-width: 48rem; background: var(--card); border: 1px solid var(--line); border-radius: 10px; }
.chart text { font-size: 12px; fill: var(--muted); }
.chart .lane-label, .chart .value-label { fill: var(--fg); font-weight: 600; }
.chart .value-label, .chart .note { paint-order: stroke; stroke: var(--card); stroke-width: 4px; stroke-linejoin: round; }
.chart .note { fill: var(--amber); font-weight: 600; }
.chart .axis, .chart .tick { stroke: var(--muted); stroke-width: 1; }
.chart .grid { stroke: var(--line); stroke-width: 1; }
.pt-exact { fill: var(--accent); stroke: var(--card); stroke-width: 1.5; }
.pt-date { fill: var(--card); stroke: var(--accent); stroke-width: 2; }
.pt-announced { fill: var(--card); stroke: var(--amber); stroke-width: 2.5; stroke-dasharray: 3 2; }
.ambiguous-band { fill: var(--amber-bg); stroke: var(--amber); stroke-width: 1; stroke-dasharray: 2 2; }
.bar { fill: var(--accent); }
.bar-longest { fill: var(--red); }
.bar-unmeasured { fill: none; stroke: var(--muted); stroke-width: 1; stroke-dasharray: 4 3; }
.chart .unknown { fill: var(--muted); font-weight: 700; }
.avg-line { stroke: var(--fg); stroke-width: 1.5; stroke-dasharray: 6 4; }
.chart figcaption { margin-top: .5rem; }
.chart figcaption strong { font-size: .95rem; }
.legend { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; list-style: none; padding: 0; margin: .35rem 0; font-size: .88rem; }
.legend li { display: flex; align-items: center; gap: .35rem; }
.legend svg.key { width: 1.1rem; height: 1.1rem; flex: none; }
footer.site { border-top: 1px solid var(--line); color: var(--muted); font-size: .88rem; padding: 1.25rem 0 2rem; }
footer.site p { margin: .3rem 0; }
section.operation, section.schema { content-visibility: auto; contain-intrinsic-size: auto 40rem; border-top: 1px solid var(--line); margin-top: 1.5rem; padding-top: 1rem; }
section.operation h3, section.schema h3 { font-size: 1.1rem; margin-bottom: .5rem; overflow-wrap: anywhere; }
h4 { font-size: .95rem; margin: 1.25rem 0 .5rem; }
.method { display: inline-block; font-size: .8rem; font-weight: 700; padding: .1rem .45rem; border-radius: 6px; background: var(--accent); color: var(--card); vertical-align: .1em; }
ul.plain { list-style: none; margin: 0; padding: 0; }
ul.plain li + li { margin-top: .25rem; }
ul.toc { padding-left: 1.25rem; }
td code, th code { overflow-wrap: anywhere; word-break: break-word; }
form.try { display: flex; flex-wrap: wrap; align-items: flex-end; gap: .6rem 1rem; background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: .75rem 1rem; margin: .5rem 0; }
form.try .field { display: flex; flex-direction: column; gap: .2rem; }
form.try label { font-size: .85rem; }
form.try input, form.try select, form.try button { font: inherit; font-size: .95rem; padding: .35rem .5rem; border: 1px solid var(--muted); border-radius: 6px; background: var(--bg); color: var(--fg); min-height: 2.25rem; }
form.try input[type="text"] { width: min(20rem, 100%); }
form.try input[type="number"] { width: 6rem; }
form.try button { background: var(--accent); border-color: var(--accent); color: var(--card); font-weight: 600; cursor: pointer; }
form.try button:focus-visible, form.try input:focus-visible, form.try select:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
#swagger-ui { background: #fff; color: #1d1f21; border-radius: 10px; border: 1px solid var(--line); margin-top: 1rem; }
#swagger-ui > .swagger-ui { padding: .5rem 1rem 1rem; }
#swagger-ui .loading-note { margin: 1rem 0; }
#swagger-ui .opblock-get .opblock-summary-method { background: #1f5fbf; }
#swagger-ui .parameter__in { color: #5d6369; }
#swagger-ui .microlight { max-height: none; overflow: visible; white-space: pre-wrap; overflow-wrap: anywhere; }
.alerts h2 { margin-top: 0; }
button.action { font: inherit; font-weight: 600; padding: .45rem .9rem; min-height: 2.5rem; border: 1px solid var(--accent); border-radius: 6px; background: var(--accent); color: var(--card); cursor: pointer; }
button.action:hover { text-decoration: underline; text-underline-offset: 2px; }
button.action:focus-visible { outline: 2px solid var(--fg); outline-offset: 2px; }
.alerts-status { margin: .5rem 0 0; }
.alerts-status:empty { margin: 0; }
.alerts-note { display: inline-block; padding: .2rem .7rem; border: 1px solid var(--line); border-radius: 999px; background: var(--card); }
.alerts-note[hidden] { display: none; }
.calendar { margin: 1.5rem 0; }
.cal-scroll { --cal-pad: .25rem; position: relative; overflow-x: auto; padding: var(--cal-pad); border-radius: 6px; direction: rtl; }
.cal-scroll:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.cal { width: auto; direction: ltr; border-collapse: separate; border-spacing: 3px; font-size: .75rem; line-height: 1; }
.cal th { font-weight: 500; color: var(--muted); padding: 0 .25rem 0 0; border: 0; text-align: left; white-space: nowrap; vertical-align: middle; }
/* The weekday column stays at the region's edge, over its padding too: nothing scrolls past beside it. */
.cal-weekday, .cal-corner { position: sticky; left: calc(-1 * var(--cal-pad)); z-index: 1; background: var(--bg); width: 2.5rem; min-width: 2.5rem; }
.cal td.cal-corner, .cal thead td { padding: 0; border: 0; }
.cal-month { height: 1.1em; }
/* A month's name stays beside the weekday column while any week of the month shows. */
.cal-month > span { position: sticky; left: calc(2.5rem + 3px - var(--cal-pad)); }
.cal-week { height: 0; min-width: 22px; padding: 0; }
.cal-day { width: 22px; height: 22px; padding: 0; border-radius: 3px; background: var(--bg); border: 1px solid var(--line); }
.cal-day a { display: block; width: 100%; height: 100%; min-height: 22px; border-radius: 3px; }
.cal-day a:focus-visible { outline: 3px solid var(--fg); outline-offset: 1px; }
.cal-swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; border: 1px solid var(--line); background: var(--bg); }
.cal-exact { background: var(--accent); border-color: var(--accent); }
.cal-date { background: repeating-linear-gradient(135deg, var(--accent) 0 2px, var(--card) 2px 4px); border-color: var(--accent); }
.cal-announced { background: var(--card); border: 2px solid var(--amber); border-radius: 50%; }
.cal-out { background: repeating-linear-gradient(45deg, var(--line) 0 1px, var(--bg) 1px 3px); border-style: dashed; }
.cal-legend { display: flex; flex-wrap: wrap; gap: .35rem 1rem; list-style: none; padding: 0; margin: .5rem 0 0; color: var(--muted); }
.cal-legend li { display: flex; align-items: center; gap: .35rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
@media (max-width: 40rem) {
  h1 { font-size: 1.35rem; }
  .hero .big { font-size: 1.6rem; }
  dl.facts { grid-template-columns: 1fr; gap: 0; }
  dl.facts dd { margin-bottom: .6rem; }
  th, td { padding: .45rem .55rem; }
  .hide-narrow { display: none; }
  td.when { white-space: normal; width: 42%; }
  .chart text { font-size: 18px; }
  .chart .tick-minor { display: none; }
  .chart .plot .pt { transform-box: fill-box; transform-origin: center; transform: scale(1.3); }
}
`;

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f5fbf"/><path d="M16 7a9 9 0 1 0 8.5 6" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/><path d="M25 6v8h-8" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/** The card at /embed: small, self-contained, readable in a 300 px frame. */
export const EMBED_CSS = `
${COLORS}
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--card); color: var(--fg); }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; }
a { color: var(--accent); text-underline-offset: 2px; overflow-wrap: anywhere; }
.embed { padding: .8rem 1rem; border: 1px solid var(--line); border-radius: 10px; max-width: 30rem; }
h1 { font-size: .85rem; font-weight: 600; color: var(--muted); margin: 0 0 .2rem; }
h2 { font-size: .85rem; font-weight: 600; margin: 0 0 .2rem; }
p { margin: .2rem 0; }
.big { font-size: 1.4rem; font-weight: 700; line-height: 1.2; }
.small { font-size: .85rem; }
.muted { color: var(--muted); }
.announced { margin-top: .5rem; padding: .4rem .7rem; border-radius: 8px; background: var(--blue-bg); }
.foot { margin-top: .6rem; font-size: .85rem; }
`;
