import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database } from '../../platform/database.ts';
import { mailOutbox } from './schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  companyId?: number | null;
}

export interface Mailer {
  /** Where mail goes: an SMTP server, or the outbox table (the delivery log names it). */
  readonly provider: 'smtp' | 'outbox';
  /** Sends one message; rejects when the SMTP server refuses it. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise the outbox table, each message also
 * printed on the server log, so a reset link or code is never lost on the embedded default.
 */
export function createMailer(
  db: Database,
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>,
  log: FastifyBaseLogger,
): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      provider: 'smtp',
      async send(mail) {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  return {
    provider: 'outbox',
    async send(mail) {
      await db.insert(mailOutbox).values({
        company_id: mail.companyId ?? null,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'mail written to the outbox (no SMTP_URL): see /dev/mailbox',
      );
    },
    close: () => undefined,
  };
}
