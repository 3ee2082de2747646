import { startServer } from './server.ts';
import type { ServerConfig } from './config.ts';
import type { Logger } from './logger.ts';
import { createLogger } from './logger.ts';

/**
 * Runs the server until SIGINT or SIGTERM, then shuts down cleanly: running searches go back to the
 * queue, so the next start resumes them. Resolves when the server has stopped.
 */
export async function serveUntilSignal(config: ServerConfig, logger: Logger = createLogger(config.logLevel)): Promise<void> {
  const server = await startServer(config, { logger });
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      logger.info('shutting down', { signal });
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
}
