import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

export interface OutgoingMail {
  kind: string;
  rsvno: string | null;
  to: string;
  subject: string;
  body: string;
}

/** Queues a mail in the same transaction as the change that causes it (DESIGN §7). */
export async function enqueueMail(tx: DbOrTx, mail: OutgoingMail): Promise<void> {
  await tx.insert(outbox).values(mail);
}
