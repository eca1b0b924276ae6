import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookingOptions } from '../../db/schema.ts';

/** Takes coupons off the line only while enough remain: never below zero, never twice for one remainder. */
export async function consumeCoupons(db: DbOrTx, lineId: number, adult: number, child: number): Promise<boolean> {
  const rows = await db
    .update(bookingOptions)
    .set({
      couponAdultUsed: sql`${bookingOptions.couponAdultUsed} + ${adult}`,
      couponChildUsed: sql`${bookingOptions.couponChildUsed} + ${child}`,
    })
    .where(
      and(
        eq(bookingOptions.id, lineId),
        sql`${bookingOptions.couponAdultUsed} + ${adult} <= ${bookingOptions.adultqty}`,
        sql`${bookingOptions.couponChildUsed} + ${child} <= ${bookingOptions.childqty}`,
      ),
    )
    .returning({ id: bookingOptions.id });
  return rows.length > 0;
}
