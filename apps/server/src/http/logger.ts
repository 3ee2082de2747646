/** How much the server logs; 'silent' logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export type LogFields = Record<string, unknown>;

/** A small structured logger: one JSON object per line, so request ids and fields stay searchable. */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds `fields` (e.g. the request id) to every line. */
  child(fields: LogFields): Logger;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line), base: LogFields = {}): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>, message: string, fields?: LogFields): void => {
    if (RANK[at] < RANK[level]) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: at, msg: message, ...base, ...fields }, errorReplacer)}\n`);
  };
  return {
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
    child: (fields) => createLogger(level, write, { ...base, ...fields }),
  };
}

// Errors serialise to {} by default; logs need their message, stack and, for our own and Node's errors, their code.
function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, code: (value as { code?: unknown }).code, message: value.message, stack: value.stack, cause: value.cause };
  return value;
}
