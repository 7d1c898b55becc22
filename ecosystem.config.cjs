// PM2 process file: `npm run build && npx pm2 start ecosystem.config.cjs`. See docs/operations.md.
//
// The service's settings (PORT, CONTENT_DIR, RATE_LIMIT_*, ...) come from the settings file
// (`reset-tracker.env`, or `SETTINGS_FILE`), a variable set in the shell of the command winning. Each
// app's `env` names every setting, `''` for one set nowhere (server/settings.cjs), so that a reload
// applies new, changed and removed ones alike: `npm run reload` checks them first (docs/operations.md).
const path = require('node:path');
const { readInstances, settingsEnv } = require('./server/settings.cjs');

const settings = settingsEnv(process.env, __dirname);

const shutdownTimeoutMs = Number(settings.SHUTDOWN_TIMEOUT_MS || 10_000);
// `LOG_DIR` moves the two log files out of $PM2_HOME/logs.
const logDir = settings.LOG_DIR || undefined;

// The lead watcher (docs/operations.md, "Leads") polls the provider's pages and the other trackers'
// data: an app of its own, one process, started only when the operator asks for it.
const leads = settings.LEADS_WATCH === 'on';

module.exports = {
  apps: [
    {
      name: 'reset-tracker',
      // The compiled server (`npm run build`), not tsx.
      script: 'dist/server/main.js',
      // The content folder (CONTENT_DIR, default `content`) resolves against this directory.
      cwd: __dirname,
      exec_mode: 'cluster',
      instances: readInstances(settings.INSTANCES),
      env: { ...settings, NODE_ENV: 'production' },
      // V8's heap sizing for this Node (server/node-flags.cjs, as `npm start` and `npm run bench` pass it).
      node_args: require('./server/node-flags.cjs').nodeFlags(),
      // A worker that grows past this is replaced, through the same graceful path as a reload.
      max_memory_restart: settings.MAX_MEMORY_RESTART || '400M',
      // Content is loaded before `listen`, so PM2's wait for 'listening' is a wait for readiness; a
      // replacement that has not listened after this long no longer holds the old worker back.
      listen_timeout: 15_000,
      // PM2 sends SIGINT, then SIGKILL after kill_timeout: longer than the server's own drain.
      kill_timeout: shutdownTimeoutMs + 5_000,
      // A worker that dies at start (bad environment) is not restarted in a tight loop.
      min_uptime: 5_000,
      max_restarts: 10,
      exp_backoff_restart_delay: 200,
      // One JSON line per request or event from pino, each with its own `time` and `pid`: the
      // workers share one file per stream and PM2 adds no prefix, so every line stays valid JSON.
      merge_logs: true,
      ...(logDir && {
        out_file: path.join(logDir, 'reset-tracker-out.log'),
        error_file: path.join(logDir, 'reset-tracker-error.log'),
      }),
    },
    ...(leads
      ? [
          {
            name: 'reset-tracker-leads',
            // The compiled watcher (`npm run build`); across machines only one polls (the store's lease).
            script: 'dist/server/leads/main.js',
            cwd: __dirname,
            exec_mode: 'fork',
            instances: 1,
            env: { ...settings, NODE_ENV: 'production' },
            kill_timeout: 20_000,
            min_uptime: 5_000,
            max_restarts: 10,
            exp_backoff_restart_delay: 1_000,
            merge_logs: true,
            ...(logDir && {
              out_file: path.join(logDir, 'reset-tracker-leads-out.log'),
              error_file: path.join(logDir, 'reset-tracker-leads-error.log'),
            }),
          },
        ]
      : []),
  ],
};
