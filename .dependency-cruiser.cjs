/**
 * The import direction between folders (docs/architecture.md): domain/ knows nothing of the server;
 * server/http/ holds the middleware and HTTP helpers every face uses; the faces (rest/, pages/,
 * feeds/) import http/ and the domain, never each other; only the wiring (app.ts, routes.ts,
 * server.ts) sees all of them. `npm run lint:deps` checks it.
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
      comment: 'domain/ imports no server/ module, no HTTP or RPC framework.',
      from: { path: '^domain/' },
      to: { path: ['^server/', 'node_modules/(koa|@koa|@trpc|trpc-to-openapi|pino|ioredis)/'] },
    },
    {
      name: 'http-below-faces',
      severity: 'error',
      comment: 'Middleware and HTTP helpers import no face, no routes and no app wiring.',
      from: { path: '^server/http/' },
      to: {
        path: '^server/(rest|pages|feeds|badges|exports)/|^server/(app|routes|server|router|main)\\.ts$',
      },
    },
    {
      name: 'faces-apart',
      severity: 'error',
      comment: 'The REST/tRPC face, the pages and the feeds do not import each other.',
      from: { path: '^server/(rest|pages|feeds|badges|exports)/' },
      to: {
        path: '^server/(rest|pages|feeds|badges|exports)/',
        pathNot: '^server/$1/',
      },
    },
    {
      name: 'wiring-on-top',
      severity: 'error',
      comment: 'Only the entry points import the app and the route map.',
      from: { path: '^(domain|server/(http|rest|pages|feeds))/' },
      to: { path: '^server/(app|routes|server|main)\\.ts$' },
    },
    {
      name: 'client-stands-alone',
      severity: 'error',
      comment:
        'The published client imports only its tRPC peers: no server or domain module, nothing of their dependencies.',
      from: { path: '^client/src/' },
      to: { path: '^(server|domain)/|node_modules/(?!@trpc/(client|server)/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
