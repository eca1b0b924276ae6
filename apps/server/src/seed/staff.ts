/** The demo staff accounts (DESIGN §11): fixed logins so that the demo and the e2e tests can sign in. */
import type { StaffRole } from '@tabi/contract/admin';
import type { Tx } from '../db/client.ts';
import { staffAccounts } from '../db/schema.ts';
import { otpauthUrl } from '../modules/staff/totp.ts';

export interface DemoStaff {
  mail: string;
  role: StaffRole;
  password: string;
  /**
   * The password's scrypt hash, made once (password.ts, production cost): the password is public, so a hash in the
   * source gives nothing away, and seeding a database (the demo, 23 test files) costs no 32 MiB scrypt.
   */
  passwordHash: string;
  /** Base32 TOTP secret (admin: fixed, so that `npm run seed` can print it and tests can compute codes). */
  totpSecret: string | null;
}

export const DEMO_STAFF: DemoStaff[] = [
  {
    mail: 'admin@example.co.jp',
    role: 'admin',
    password: 'sakura-admin-demo',
    passwordHash: 'scrypt$32768$8$1$qbsT2LhJIB5YczzxSvIVPQ==$SFoxD4M/xfL5JnDw+Y8bnADuLGvMezluG5TDlY3Jnao=',
    totpSecret: 'VS6HYZNDX7NQO4Y47DYVUQH6DFTFKHBL',
  },
  {
    mail: 'operator@example.co.jp',
    role: 'operator',
    password: 'sakura-operator-demo',
    passwordHash: 'scrypt$32768$8$1$DxjtusiS3h+/JUBYF509pw==$vWlkG3DzrkHxR2l7omQ5UILqUv9VF4XcMXn7Unq25Fg=',
    totpSecret: null,
  },
];

export async function insertDemoStaff(tx: Tx, now: Date): Promise<void> {
  await tx.insert(staffAccounts).values(
    DEMO_STAFF.map((s) => ({
      mail: s.mail,
      role: s.role,
      passwordHash: s.passwordHash,
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
