export { startServer, serveUntilSignal, SERVER_VERSION } from './server.ts';
export type { RunningServer, ServerDependencies } from './server.ts';
export { loadConfig, ConfigError } from './config.ts';
export type { ServerConfig, ConfigOverrides, LogLevel } from './config.ts';
export { createLogger } from './http/logger.ts';
export type { Logger } from './http/logger.ts';
export { buildOpenApiDocument } from './docs/openapi.ts';
