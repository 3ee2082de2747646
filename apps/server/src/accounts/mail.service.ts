import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { SmtpConfig } from './accounts.config.ts';
import type { Logger } from '../http/logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends account e-mails (confirmation, password recovery) through the configured SMTP server.
 * Without SMTP nothing can be sent: the attempt is logged without its link, which carries a token.
 */
export class MailService {
  private readonly transport: Transporter | undefined;
  private readonly smtp: SmtpConfig | undefined;
  private readonly logger: Logger;

  /** Without `smtp` nothing is sent. */
  constructor(options: { smtp: SmtpConfig | undefined; logger: Logger }) {
    const { smtp } = options;
    this.smtp = smtp;
    this.logger = options.logger;
    this.transport = smtp
      ? nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
          // A local relay without a certificate is common in development; TLS is still used when offered.
          tls: { rejectUnauthorized: smtp.secure },
        })
      : undefined;
  }

  get configured(): boolean {
    return this.transport !== undefined;
  }

  async send(message: MailMessage): Promise<void> {
    if (!this.transport || !this.smtp) {
      this.logger.warn('e-mail not sent: SMTP is not configured', { subject: message.subject });
      return;
    }
    try {
      await this.transport.sendMail({ from: this.smtp.from, to: message.to, subject: message.subject, text: message.text });
      this.logger.info('e-mail sent', { subject: message.subject });
    } catch (error) {
      this.logger.error('e-mail could not be sent', { subject: message.subject, reason: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  close(): void {
    this.transport?.close();
  }
}
