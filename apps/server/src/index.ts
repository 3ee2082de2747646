export { startServer, SERVER_VERSION } from './server.ts';
export type { RunningServer, ServerDependencies } from './server.ts';
export { loadConfig, ConfigError } from './config.ts';
export type { ServerConfig, ConfigOverrides, LogLevel } from './config.ts';
export { createLogger } from './logger.ts';
export type { Logger } from './logger.ts';
export { buildOpenApiDocument } from './openapi.ts';
export { serveUntilSignal } from './serve-until-signal.ts';
