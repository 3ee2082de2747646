import type { Writable } from 'node:stream';

/** Thrown when the reader of our output has gone away (`molsearch fp big.smi | head`); not a failure. */
export class OutputClosed extends Error {
  constructor() {
    super('output closed by the reader');
    this.name = 'OutputClosed';
  }
}

const FLUSH_CHARS = 64 * 1024;

/**
 * Line-oriented output with batching and backpressure: results stream out as they are computed, memory
 * stays bounded when the consumer is slow, and a closed pipe ends the command quietly.
 */
export class LineOutput {
  readonly #stream: Writable;
  #buffer = '';
  #closed = false;
  #failure: Error | undefined;

  constructor(stream: Writable) {
    this.#stream = stream;
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') this.#closed = true;
      else this.#failure = error;
    });
  }

  get closed(): boolean {
    return this.#closed;
  }

  async line(text: string): Promise<void> {
    this.#buffer += `${text}\n`;
    if (this.#buffer.length >= FLUSH_CHARS) await this.flush();
  }

  async flush(): Promise<void> {
    this.#check();
    if (this.#buffer.length === 0) return;
    const chunk = this.#buffer;
    this.#buffer = '';
    if (!this.#stream.write(chunk)) await this.#drained();
    this.#check();
  }

  #check(): void {
    if (this.#closed) throw new OutputClosed();
    if (this.#failure) throw this.#failure;
  }

  #drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.#stream.off('drain', done);
        this.#stream.off('close', done);
        this.#stream.off('error', done);
        resolve();
      };
      this.#stream.on('drain', done);
      this.#stream.on('close', done);
      this.#stream.on('error', done);
    });
  }
}
