/** The demo staff accounts (DESIGN §11): fixed logins so that the demo and the e2e tests can sign in. */
import type { StaffRole } from '@tabi/contract/admin';
import type { Tx } from '../db/client.ts';
import { staffAccounts } from '../db/schema.ts';
import { hashPassword } from '../modules/staff/password.ts';
import { otpauthUrl } from '../modules/staff/totp.ts';

export interface DemoStaff {
  mail: string;
  role: StaffRole;
  password: string;
  /** Base32 TOTP secret (admin: fixed, so that `npm run seed` can print it and tests can compute codes). */
  totpSecret: string | null;
}

export const DEMO_STAFF: DemoStaff[] = [
  {
    mail: 'admin@example.co.jp',
    role: 'admin',
    password: 'sakura-admin-demo',
    totpSecret: 'VS6HYZNDX7NQO4Y47DYVUQH6DFTFKHBL',
  },
  { mail: 'operator@example.co.jp', role: 'operator', password: 'sakura-operator-demo', totpSecret: null },
];

export async function insertDemoStaff(tx: Tx, now: Date): Promise<void> {
  const hashes = await Promise.all(DEMO_STAFF.map((s) => hashPassword(s.password)));
  await tx.insert(staffAccounts).values(
    DEMO_STAFF.map((s, i) => ({
      mail: s.mail,
      role: s.role,
      passwordHash: hashes[i] ?? '',
      mustChangePassword: false,
      totpSecret: s.totpSecret,
      createdAt: now,
      passwordChangedAt: now,
    })),
  );
}

export function demoStaffSummary(): string[] {
  return [
    'スタッフ用コンソール（/admin/login、メールアドレス / パスワード）:',
    ...DEMO_STAFF.map(
      (s) =>
        `  ${s.role === 'admin' ? '管理者' : 'オペレーター'} ${s.mail} / ${s.password}${s.totpSecret ? '  2段階認証あり' : ''}`,
    ),
    ...DEMO_STAFF.filter((s) => s.totpSecret).map(
      (s) => `  ${s.mail} の認証アプリ用URL: ${otpauthUrl(s.totpSecret ?? '', s.mail)}`,
    ),
  ];
}
