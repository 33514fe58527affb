import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import type { MailMessage, MailPort } from './mail.js';

/** Embedded default: mail lands in the outbox table, which admins read at GET /api/admin/outbox. */
export class OutboxMail implements MailPort {
  readonly name = 'outbox';

  constructor(private readonly db: Db) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(mailOutbox).values({ ...message, transport: this.name });
  }

  async list(limit: number) {
    return this.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  }
}
