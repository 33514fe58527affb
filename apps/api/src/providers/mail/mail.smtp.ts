import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailPort } from './mail.js';

/**
 * SMTP through nodemailer. `send` hands the message over and returns at once, so a slow mail
 * server cannot slow a request down or reveal (by timing) that an address has an account.
 */
export class SmtpMail implements MailPort {
  readonly name = 'smtp';
  private readonly transporter: Transporter;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  send(message: MailMessage): Promise<void> {
    const delivery = this.transporter
      .sendMail({ from: this.from, ...message })
      .catch((error: unknown) =>
        this.log.error({ err: error, subject: message.subject }, 'mail delivery failed'),
      )
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
    return Promise.resolve();
  }

  /** Waits for deliveries in flight (graceful shutdown). */
  async drain(): Promise<void> {
    await Promise.all([...this.pending]);
    this.transporter.close();
  }
}
