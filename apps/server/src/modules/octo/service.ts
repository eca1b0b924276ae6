/**
 * OCTO core for resellers (ADR 0170): the supplier and products, availability and the booking flow, one file each,
 * gathered here for the routes.
 */
export * from './availability.ts';
export * from './bookings.ts';
export type { OctoCaller } from './caller.ts';
export type { OctoDay } from './mapping.ts';
export * from './products.ts';
