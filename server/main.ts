/** Entry point: reads the environment, loads content, listens, and handles signals. */
import { parseConfig } from './config.js';
import { createServer } from './server.js';

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const { logger, start } = createServer(config);
const running = await start();

process.on('SIGHUP', () => {
  void running.reload();
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'shutting down');
    void running.stop().then(() => process.exit(0));
  });
}
