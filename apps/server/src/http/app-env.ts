import type { HttpBindings } from '@hono/node-server';
import type { Logger } from './logger.ts';
import type { Principal } from './principal.ts';

/** What every handler can read from the context: set by the request-context middleware. */
export interface AppEnv {
  Bindings: HttpBindings;
  Variables: {
    requestId: string;
    principal: Principal;
    log: Logger;
  };
}
