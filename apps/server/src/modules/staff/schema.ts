/** The tables the staff module writes (db/schema.ts gathers every module's). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from '../../db/shared-columns.ts';

/** Staff of the travel company (DESIGN §11): `admin` or `operator`; never deleted, only disabled. */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased and trimmed; sign-in compares it so. */
    mail: text('mail').notNull(),
    role: text('role').notNull(),
    /** `scrypt$N$r$p$salt$hash` (ADR 0090). */
    passwordHash: text('password_hash').notNull(),
    /** Set for an initial or reset password: every call but the password change is refused until it is changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** Base32 TOTP secret once enrolled; the second factor is asked for whenever it is set. */
    totpSecret: text('totp_secret'),
    /** A secret shown on the enrolment page and not yet confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last accepted TOTP time step: a code is accepted once (no replay within its window). */
    totpLastStep: integer('totp_last_step'),
    /** Asks for enrolment at the next sign-in whatever the role: set when an admin resets a lost authenticator. */
    totpRequired: boolean('totp_required').notNull().default(false),
    disabledAt: tz('disabled_at'),
    lastLoginAt: tz('last_login_at'),
    passwordChangedAt: tz('password_changed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_accounts_mail_uq').on(t.mail),
    check('staff_accounts_role', sql`${t.role} in ('admin', 'operator')`),
  ],
);

/**
 * Staff sessions (DESIGN §11): the cookie holds an opaque id, stored here as its SHA-256. `stage` is 'totp' or
 * 'enrol' between the password and the second factor, 'full' after it.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    stage: text('stage').notNull(),
    createdAt: tz('created_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Append-only record of sign-ins, failures, sign-outs and account changes. */
export const staffAuditEvents = pgTable(
  'staff_audit_events',
  {
    id: serial('id').primaryKey(),
    at: tz('at').notNull(),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    /** The mail as given (also for a sign-in with an unknown mail). */
    mail: text('mail').notNull(),
    kind: text('kind').notNull(),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('staff_audit_events_staff_idx').on(t.staffId, t.at)],
);
