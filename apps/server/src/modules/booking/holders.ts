import ipaddr from 'ipaddr.js';
import type { Config } from '../../config.ts';

/** One holder of unpaid seats and the seats it may hold per option and day (ADR 0172). */
export interface UnpaidHolder {
  key: string;
  cap: number;
}

/**
 * Who holds the seats of an unpaid card booking (ADR 0172): the applicant, by the phone number the booking and my
 * page answer to, within its cap; and the client's address within a wider cap, since a mobile
 * carrier (CGNAT), an office or a proxy puts many honest customers behind one address. An IPv6 address counts by its
 * /64, what one subscriber is given; an IPv4 address mapped into IPv6 counts as itself.
 */
export function unpaidHolders(
  telNormalized: string,
  clientIp: string,
  config: Pick<Config, 'unpaidSeatsPerCustomer' | 'unpaidSeatsPerAddress'>,
): UnpaidHolder[] {
  return [
    { key: `tel:${telNormalized}`, cap: config.unpaidSeatsPerCustomer },
    { key: `ip:${addressKey(clientIp)}`, cap: config.unpaidSeatsPerAddress },
  ];
}

export function addressKey(clientIp: string): string {
  if (!ipaddr.isValid(clientIp)) return clientIp;
  const address = ipaddr.process(clientIp);
  if (address instanceof ipaddr.IPv4) return address.toString();
  return `${new ipaddr.IPv6([...address.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}
