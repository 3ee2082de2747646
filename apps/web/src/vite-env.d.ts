/** Build version tag, defined by vite.config.ts. */
declare const __APP_VERSION__: string;
