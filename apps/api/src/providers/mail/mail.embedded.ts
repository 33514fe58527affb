import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { desc, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import type { MailMessage, MailPort } from './mail.js';

/** Where the message with outbox id `id` is. */
export const mailFile = (dir: string, id: string) => path.join(dir, `${id}.eml`);

/**
 * Embedded default: each message is written to its own file, `DATA_DIR/mail/<outbox id>.eml`
 * (readable by the machine's owner only), and its location is logged. Messages carry secrets (password-reset
 * links), so the database keeps metadata only, and admins see only that at GET /api/admin/outbox.
 */
export class OutboxMail implements MailPort {
  readonly name = 'file';

  constructor(
    private readonly db: Db,
    private readonly dir: string,
    private readonly log: Pick<Logger, 'info'>,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const id = randomUUID();
    const createdAt = new Date();
    const file = mailFile(this.dir, id);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const headers = [`To: ${message.to}`, `Subject: ${message.subject}`, `Date: ${createdAt.toUTCString()}`];
    await writeFile(file, `${headers.join('\r\n')}\r\n\r\n${message.text}`, { mode: 0o600, flag: 'wx' });
    await this.db
      .insert(mailOutbox)
      .values({ id, to: message.to, subject: message.subject, transport: this.name, createdAt });
    this.log.info({ file }, 'mail written to a file (embedded mail transport)');
  }

  async list(limit: number) {
    return this.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  }

  /** Deletes messages (their files, then their rows) written before `before`. */
  async prune(before: Date): Promise<number> {
    const old = await this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(lt(mailOutbox.createdAt, before));
    for (const { id } of old) await rm(mailFile(this.dir, id), { force: true });
    await this.db.delete(mailOutbox).where(lt(mailOutbox.createdAt, before));
    return old.length;
  }
}
