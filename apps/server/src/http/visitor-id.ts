import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/** Keeps these signatures apart from anything else signed with the same secret. */
const PURPOSE = 'molsearch visitor id v1';
const SIGNED = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

/**
 * Visitor ids the server issues and signs (HMAC-SHA256 with the server secret), kept by the browser in
 * the visitor cookie as `<uuid>.<signature>`. Only an id the server issued verifies, so a caller cannot
 * mint fresh ids by writing its own cookie, and per-visitor limits hold.
 */
export class VisitorIds {
  private readonly secret: string;

  constructor(options: { secret: string }) {
    this.secret = options.secret;
  }

  /** A new id and the cookie value that proves it. */
  issue(): { id: string; cookie: string } {
    const id = randomUUID();
    return { id, cookie: `${id}.${this.signature(id)}` };
  }

  /** The id a cookie value proves, or undefined for an unsigned, malformed or forged value. */
  verify(cookie: string | undefined): string | undefined {
    const match = cookie === undefined ? null : SIGNED.exec(cookie);
    if (!match) return undefined;
    const [, id, presented] = match as unknown as [string, string, string];
    const expected = Buffer.from(this.signature(id));
    const given = Buffer.from(presented);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  private signature(id: string): string {
    return createHmac('sha256', this.secret).update(`${PURPOSE}:${id}`).digest('base64url');
  }
}
