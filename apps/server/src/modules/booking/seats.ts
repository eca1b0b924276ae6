/** Seats move between a booking's lines and the stock rows, in one fixed order so movers never deadlock. */
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './repository.ts';

export async function returnAllSeats(tx: DbOrTx, rsvno: string): Promise<void> {
  for (const line of await repo.seatLines(tx, rsvno)) await repo.giveBackSeats(tx, line);
}

/**
 * Takes a booking's seats again (a late payment for an expired booking). All or nothing: when one
 * day is full, the days already taken are given back and false is returned.
 */
export async function retakeAllSeats(tx: DbOrTx, rsvno: string): Promise<boolean> {
  const taken: repo.SeatLine[] = [];
  for (const line of await repo.seatLines(tx, rsvno)) {
    if (!(await repo.takeSeats(tx, line))) {
      for (const back of taken) await repo.giveBackSeats(tx, back);
      return false;
    }
    taken.push(line);
  }
  return true;
}
