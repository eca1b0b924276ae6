/** Who did something to a booking, as its history names them (ADR 0100): kept outside every module, as all of them act. */
/** The system's own workers, named in the history. */
export type SystemActor = 'sweeper' | 'reconciler' | 'webhook' | 'checkout' | 'ops' | 'seed' | 'privacy';

export type Actor =
  | { kind: 'customer' }
  | { kind: 'staff'; staffId: string }
  | { kind: 'system'; name: SystemActor }
  | { kind: 'reseller'; resellerId: number };

export const customerActor: Actor = { kind: 'customer' };

export function systemActor(name: SystemActor): Actor {
  return { kind: 'system', name };
}

export function staffActor(staffId: string | number): Actor {
  return { kind: 'staff', staffId: String(staffId) };
}

/** A reseller acting through OCTO (ADR 0170). */
export function resellerActor(resellerId: number): Actor {
  return { kind: 'reseller', resellerId };
}
