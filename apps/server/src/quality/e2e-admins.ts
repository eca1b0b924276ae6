/**
 * Admin accounts of the e2e database only (specs make their own sessions). The server takes each 30-second
 * TOTP step's code once per account (replay protection), so two admin sign-ins of one account within a step wait for
 * the next step: up to 30 s each, about two minutes a run with the demo admin alone. Each sign-in of the specs takes
 * an account whose code of this step is unused (e2e/support/staff.ts); the demo admin stays for the test of its own
 * journey.
 */
import type { Db } from '../db/client.ts';
import { staffAccounts } from '../db/schema.ts';
import { hashPassword } from '../modules/staff/password.ts';

const PASSWORD = 'e2e-admin-password';
const SECRETS = [
  'M7IYT7ITIJVKPJQDKOB6HV7OR4IUBZI3',
  'HTALTLMEHTC5WCC7D2FMQB3FXT2IAVOY',
  'RQRLINRF6N52353TV62MDME4DAPFGUKT',
  'ZN7AH6CEYASUFKKCGZYA5S5H5UVVM2V7',
  'CGIGJAYR6PCC2WFHT25WUN2ZG4R4HAVV',
  'RO5NHL5Q45JF42PVHG57R3B64RZACWJE',
] as const;

export const E2E_ADMINS = SECRETS.map((totp, i) => ({
  mail: `admin${i + 1}@e2e.example.jp`,
  password: PASSWORD,
  totp,
}));

export async function addE2eAdmins(db: Db, now: Date): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  await db
    .insert(staffAccounts)
    .values(
      E2E_ADMINS.map((a) => ({
        mail: a.mail,
        role: 'admin' as const,
        passwordHash,
        mustChangePassword: false,
        totpSecret: a.totp,
        createdAt: now,
        passwordChangedAt: now,
      })),
    )
    .onConflictDoNothing();
}
