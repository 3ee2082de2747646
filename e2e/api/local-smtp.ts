import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** The server settings that send mail to the local SMTP server on `port`. */
export function smtpEnv(port: number): Record<string, string> {
  return { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM: 'molsearch <no-reply@molsearch.test>' };
}

/** An SMTP server on a free local port that keeps every message it receives. */
export async function startLocalSmtp(): Promise<{ port: number; mails: ReceivedMail[]; close: () => Promise<void>; waitFor: (to: string, count?: number) => Promise<ReceivedMail> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Quoted-printable soft line breaks would split links; join them.
        const raw = Buffer.concat(chunks).toString('utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    // Mail is sent while the request is answered; wait until it has arrived (bounded by the test timeout).
    waitFor: async (to, count = 1) => {
      for (;;) {
        const matching = mails.filter((mail) => mail.to.includes(to));
        if (matching.length >= count) return matching[count - 1]!;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** The first http(s) link in a message. */
export function linkIn(mail: ReceivedMail): string {
  const match = mail.raw.match(/https?:\/\/[^\s"<>]+/);
  if (!match) throw new Error(`no link in the message:\n${mail.raw}`);
  return match[0];
}
