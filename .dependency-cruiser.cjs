/**
 * The import direction between folders (docs/architecture.md): domain/ knows nothing of the server;
 * server/content/ holds the content being served, server/http/ the middleware and problems every face
 * uses; the faces (server/api/, server/site/ and its parts) import those and the domain, never each
 * other; only the wiring (app.ts, routes.ts, server.ts, main.ts) sees all of them; tools/ may import
 * the server's modules, never the reverse; the alerts' store is used through its interface, its engines
 * imported only by server/store/; the browser code (site-src/) stands apart, built by the server
 * with esbuild, never imported. `npm run lint:deps` checks it.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import one way: no cycles.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ imports no server/ or tools/ module, no HTTP or RPC framework, no file system.',
      from: { path: '^domain/' },
      to: {
        path: [
          '^(server|tools)/',
          'node_modules/(koa|@koa|@trpc|trpc-to-openapi|pino|ioredis)/',
          '^(node:)?(fs|fs/promises|child_process|net|http)$',
        ],
      },
    },
    {
      name: 'server-without-tools',
      severity: 'error',
      comment: 'The running service never imports a curator or maintenance command.',
      from: { path: '^server/' },
      to: { path: '^tools/' },
    },
    {
      name: 'http-below-faces',
      severity: 'error',
      comment: 'Middleware and HTTP helpers import no face, no content state and no app wiring.',
      from: { path: '^server/http/' },
      to: { path: '^server/(api|site|content)/|^server/(app|pipeline|routes|server|main)\\.ts$' },
    },
    {
      name: 'content-below-faces',
      severity: 'error',
      comment: 'The content state knows nothing of the faces that serve it.',
      from: { path: '^server/content/' },
      to: { path: '^server/(api|site|http)/|^server/(app|pipeline|routes|server|main)\\.ts$' },
    },
    {
      name: 'api-and-site-apart',
      severity: 'error',
      comment: 'The API faces and the site do not import each other.',
      from: { path: '^server/(api|site)/' },
      to: { path: '^server/(api|site)/', pathNot: '^server/$1/' },
    },
    {
      name: 'site-faces-apart',
      severity: 'error',
      comment:
        'Pages, feeds, exports and badges do not import each other; what they share is at server/site/.',
      from: { path: '^server/site/(pages|feeds|exports|badges)/' },
      to: { path: '^server/site/(pages|feeds|exports|badges)/', pathNot: '^server/site/$1/' },
    },
    {
      name: 'wiring-on-top',
      severity: 'error',
      comment: 'Only the entry points import the app and the route map.',
      from: { path: '^(domain|server/(http|api|site|content))/' },
      to: { path: '^server/(app|pipeline|routes|server|main)\\.ts$' },
    },
    {
      name: 'store-behind-interface',
      severity: 'error',
      comment: 'Only the store (server/store/) imports its engines; the rest holds its interface.',
      from: { path: '^(server|tools)/', pathNot: '^server/store/' },
      to: { path: '^server/store/[^/]+/' },
    },
    {
      name: 'browser-code-apart',
      severity: 'error',
      comment: 'The browser code (site-src/) imports only site-src/: no server module, no package.',
      from: { path: '^site-src/' },
      to: { pathNot: '^site-src/' },
    },
    {
      name: 'server-builds-browser-code',
      severity: 'error',
      comment:
        'The server builds site-src/ with esbuild (server/site/pages/browser-files.ts); no module imports it.',
      from: { pathNot: '^site-src/' },
      to: { path: '^site-src/' },
    },
    {
      name: 'client-stands-alone',
      severity: 'error',
      comment:
        'The published client imports only its tRPC peers: no server or domain module, nothing of their dependencies.',
      from: { path: '^client/src/', pathNot: '^client/src/cli/' },
      to: { path: '^(server|domain|tools)/|node_modules/(?!@trpc/(client|server)/)' },
    },
    {
      name: 'command-stands-alone',
      severity: 'error',
      comment:
        'The reset-tracker command imports Node and the terminal rule (domain/terminal-text.ts, bundled into it), nothing installed.',
      from: { path: '^client/src/cli/' },
      to: { path: '^(server|tools)/|^domain/(?!terminal-text\\.ts$)|node_modules/' },
    },
    {
      name: 'channels-apart',
      severity: 'error',
      comment:
        'An alert channel (push, email, webhooks, telegram) imports no other; what they share is at server/alerts/.',
      from: { path: '^server/alerts/(push|email|webhooks|telegram)/' },
      to: { path: '^server/alerts/(push|email|webhooks|telegram)/', pathNot: '^server/alerts/$1/' },
    },
    {
      name: 'rooms-keep-to-themselves',
      severity: 'error',
      comment:
        "The watcher, the tools and the benches reach the alerts' channels only through what they share at server/ level (server/outbound/, server/store/).",
      from: { path: '^(server/leads|tools|bench)/' },
      to: { path: '^server/alerts/' },
    },
    {
      name: 'leads-through-its-door',
      severity: 'error',
      comment:
        'The commands and benches use the lead watcher through server/leads/index.ts, nothing else of it.',
      from: { path: '^(tools|bench)/' },
      to: { path: '^server/leads/(?!index\\.ts$)' },
    },
    {
      name: 'outbound-serves-all',
      severity: 'error',
      comment: 'server/outbound/ (addresses, retries, webhook posts, SMTP) imports no room that uses it.',
      from: { path: '^server/outbound/' },
      to: { path: '^server/(?!outbound/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
