import { freshDataDir, removeTestCatalogues, startServerProcess } from '../api/server-process.ts';
import type { ServerProcess } from '../api/server-process.ts';

export { TEST_DATABASES } from '../api/server-process.ts';

export interface WebServer {
  url: string;
  server: ServerProcess;
  stop(): Promise<void>;
}

/** `molsearch serve` on a copy of the small real test catalogues, serving the built web app (apps/web/dist). */
export async function startWebServer(env: Record<string, string> = {}): Promise<WebServer> {
  const data = await freshDataDir();
  const server = await startServerProcess(data.dir, { RATE_LIMITING: 'false', ...env });
  return {
    url: server.url,
    server,
    stop: async () => {
      await server.stop();
      await data.remove();
      await removeTestCatalogues();
    },
  };
}
