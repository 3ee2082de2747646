import type { Logger } from './logger.ts';

/**
 * Runs what `start` started until SIGINT or SIGTERM, then closes it: running searches go back to the
 * queue, so the next start resumes them. Resolves when it has stopped.
 */
export async function runUntilSignal(start: () => Promise<{ close(): Promise<void> }>, logger: Logger): Promise<void> {
  const server = await start();
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
