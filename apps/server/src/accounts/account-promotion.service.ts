import type { PromoteAccountAnswer, PromoteAccountBody } from '@molsearch/api';
import { PROMOTION_MESSAGES } from '@molsearch/api';
import { AppError } from '../http/app-error.ts';
import type { Auth } from './auth.ts';
import { AUTH_BASE_PATH } from './auth.ts';
import type { Logger } from '../http/logger.ts';

/** Where the confirmation link returns to, as for sign-up. */
const CONFIRMATION_CALLBACK = '/auth/callback';

function notAnonymous(): AppError {
  return new AppError('NOT_ANONYMOUS', { message: PROMOTION_MESSAGES.notAnonymous });
}

/**
 * Anonymous promotion by "add an e-mail address, then set a password": the anonymous user row itself
 * becomes the account, so everything keyed by its id (searches, downloads, tracking rows, consent)
 * stays where it is. The password is hashed by better-auth (scrypt) and stored as its credential
 * account, so e-mail sign-in, confirmation and recovery work exactly as for a sign-up.
 */
export class AccountPromotionService {
  /** Promotions in progress per user: a second request of the same user waits for the first. */
  private readonly running = new Map<string, Promise<unknown>>();

  private readonly auth: Auth;
  private readonly mailConfigured: boolean;
  private readonly logger: Logger;

  /** `mailConfigured`: a confirmation e-mail can be sent after the promotion. */
  constructor(options: { auth: Auth; mailConfigured: boolean; logger: Logger }) {
    this.auth = options.auth;
    this.mailConfigured = options.mailConfigured;
    this.logger = options.logger;
  }

  async promote(userId: string, body: PromoteAccountBody, request: Request): Promise<PromoteAccountAnswer> {
    const previous = this.running.get(userId) ?? Promise.resolve();
    const turn = previous.catch(() => undefined).then(() => this.promoteNow(userId, body));
    this.running.set(userId, turn);
    try {
      const user = await turn;
      const sent = await this.sendConfirmation(body.email, request);
      return { user, verification_email_sent: sent };
    } finally {
      if (this.running.get(userId) === turn) this.running.delete(userId);
    }
  }

  private async promoteNow(userId: string, body: PromoteAccountBody): Promise<PromoteAccountAnswer['user']> {
    const context = await this.auth.$context;
    const adapter = context.internalAdapter;
    const before = await adapter.findUserById(userId);
    if (!before || (before as { isAnonymous?: boolean | null }).isAnonymous !== true) throw notAnonymous();
    const emailTaken = async (): Promise<boolean> => {
      const owner = await adapter.findUserByEmail(body.email);
      return owner !== null && owner.user.id !== userId;
    };
    if (await emailTaken()) throw new AppError('EMAIL_TAKEN', { message: PROMOTION_MESSAGES.emailTaken });
    if (await adapter.findCredentialAccount(userId)) throw notAnonymous();

    const passwordHash = await context.password.hash(body.password);
    const name = body.name || body.email.split('@')[0]!;
    try {
      await adapter.updateUser(userId, { email: body.email, name, emailVerified: false, isAnonymous: false, updatedAt: new Date() });
    } catch (error) {
      // Another account took the address between the check and the update (the column is unique).
      if (await emailTaken()) throw new AppError('EMAIL_TAKEN', { message: PROMOTION_MESSAGES.emailTaken });
      throw error;
    }
    try {
      await adapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password: passwordHash });
    } catch (error) {
      // Without its password the account could never sign in: undo, so the user stays anonymous and can retry.
      await adapter.updateUser(userId, { email: before.email, name: before.name, emailVerified: before.emailVerified, isAnonymous: true, updatedAt: new Date() });
      throw error;
    }
    this.logger.info('anonymous account promoted');
    return { id: userId, email: body.email, name, email_verified: false, is_anonymous: false };
  }

  /**
   * better-auth's own confirmation e-mail (its signed token, its verify-email link), asked for as the
   * now registered session user would ask for it. Failure to send does not undo the promotion.
   */
  private async sendConfirmation(email: string, request: Request): Promise<boolean> {
    if (!this.mailConfigured) return false;
    const url = new URL(request.url);
    url.pathname = `${AUTH_BASE_PATH}/send-verification-email`;
    url.search = '';
    const headers = new Headers(request.headers);
    headers.delete('content-length');
    headers.set('content-type', 'application/json');
    try {
      const response = await this.auth.handler(new Request(url, { method: 'POST', headers, body: JSON.stringify({ email, callbackURL: CONFIRMATION_CALLBACK }) }));
      if (response.ok) return true;
      this.logger.warn('confirmation e-mail not sent after promotion', { status: response.status });
    } catch (error) {
      this.logger.warn('confirmation e-mail not sent after promotion', { reason: error instanceof Error ? error.message : String(error) });
    }
    return false;
  }
}
