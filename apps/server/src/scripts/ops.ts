/**
 * Operator commands:
 *   npm run ops -- request:confirm RSVNO   request → 仮予約（手配済） with a payment deadline, mail sent
 *   npm run ops -- request:decline RSVNO   request → canceled, seats back, mail sent
 *   npm run ops -- staff:create MAIL --role admin|operator   a staff account with a one-time initial password
 *   npm run ops -- staff:disable MAIL | staff:reset-password MAIL | staff:reset-totp MAIL | staff:list
 *   npm run ops -- booking:show RSVNO         state, history, payments and provider calls of a booking
 *   npm run ops -- booking:reconcile [RSVNO]  finish half-done payment steps now (of one booking, or all due)
 *   npm run ops -- privacy:export RSVNO | privacy:erase RSVNO   what we hold about a booking's people; erase it now
 *   npm run ops -- jobs:list                  the background jobs: held by, next run, last good run, failures
 *   npm run ops -- reseller:create NAME [--commission PERCENT]   a reseller (販売代理店) and its first API key, printed
 *                                             alone on the last line (`KEY=$(npm run -s ops -- reseller:create X | tail -1)`)
 *   npm run ops -- help                       these verbs (exit 0)
 * A password is read from standard input when it is not a terminal (`echo … | npm run ops -- staff:create …`);
 * otherwise one is generated and printed once. The embedded database admits one process, so while a server runs
 * on it (it leaves DATA_DIR/ops.key and, beside it, DATA_DIR/ops.port with the port it listens on) the command asks
 * that server over loopback; otherwise it opens the database.
 */
import { STAFF_ROLES, type StaffRole, type StaffRow } from '@tabi/contract/admin';
import { formatTokyoDateTime } from '@tabi/contract/dates';
import { bpToPercent, type IssuedKey, resellerRequest } from '@tabi/contract/resellers';
import { systemActor } from '../actor.ts';
import { systemClock } from '../clock.ts';
import { createContext } from '../compose.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { preparePrivateDir } from '../data-dir.ts';
import { openDatabase } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { type JobRow, listJobs } from '../jobs/repository.ts';
import { type BookingRecord, bookingRecord } from '../modules/booking/history.ts';
import { confirmRequest, declineRequest } from '../modules/booking/service.ts';
import { readOpsKey, readOpsPort } from '../modules/ops/key.ts';
import { type ReconcileReport, reconcile } from '../modules/payment/index.ts';
import { erasePersonalDataOf, exportPersonalData, type PersonalDataExport } from '../modules/privacy/service.ts';
import { createReseller, RESELLER_BY_OPS } from '../modules/reseller/service.ts';
import {
  createStaff,
  disableStaff,
  type IssuedPassword,
  listStaff,
  resetStaffPassword,
  resetStaffTotp,
} from '../modules/staff/accounts.ts';
import { describeStartupError } from '../startup-error.ts';

const USAGE = `使い方 / usage:
  npm run ops -- request:confirm RSVNO                     リクエストを手配済みにする / confirm a request
  npm run ops -- request:decline RSVNO                     リクエストをお断りする / decline a request
  npm run ops -- staff:create MAIL --role admin|operator   スタッフを登録する / create a staff account
  npm run ops -- staff:disable MAIL                        スタッフを無効にする / disable a staff account
  npm run ops -- staff:reset-password MAIL                 パスワードを再発行する / issue a new one-time password
  npm run ops -- staff:reset-totp MAIL                     認証アプリをリセットする（次回サインインで再登録） / reset a lost authenticator
  npm run ops -- staff:list                                スタッフの一覧 / list staff accounts
  npm run ops -- booking:show RSVNO                        予約の状態・履歴・決済を表示 / show a booking
  npm run ops -- booking:reconcile [RSVNO]                 決済の未完了処理を今すぐ完了 / finish half-done payment steps
  npm run ops -- privacy:export RSVNO                      予約の参加者について保有する個人情報を表示（開示請求） / what we hold (JSON)
  npm run ops -- privacy:erase RSVNO                       旅券番号・生年月日・食事の希望を今すぐ消去 / erase it now
  npm run ops -- jobs:list                                 バックグラウンド処理の状態 / background jobs: next run, last good run, errors
  npm run ops -- reseller:create NAME [--commission PERCENT]   販売代理店（OCTO）を登録し、APIキーを発行 / create a reseller and its API key
  npm run ops -- help                                      この一覧 / this list
  (パスワードは標準入力が端末でなければそこから読み、そうでなければ生成して表示します)
  (同じ DATA_DIR で動いているサーバーには、そのポートを DATA_DIR/ops.port から読んで依頼します / a server running on
   the same DATA_DIR is found through DATA_DIR/ops.port, whatever its PORT)`;

const args = process.argv.slice(2);
const command = args[0] ?? '';
// Asked for: the list on standard output and success, before any setting is read.
if (['help', '--help', '-h'].includes(command)) {
  console.log(USAGE);
  process.exit(0);
}

const config = loadConfig();
const VALUED_FLAGS = ['--role', '--commission'];
const positional = args.slice(1).filter((a, i, all) => !a.startsWith('--') && !VALUED_FLAGS.includes(all[i - 1] ?? ''));
/** A flag's value, as `--flag value` or `--flag=value`; undefined when the flag is absent. */
function flag(name: string): string | undefined {
  const joined = args.find((a) => a.startsWith(`${name}=`));
  if (joined) return joined.slice(name.length + 1);
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}
const roleArg = flag('--role');

const OPS = systemActor('ops');

function usage(): never {
  console.error(USAGE);
  process.exit(2);
}

interface Answer<T> {
  errcd: string;
  errMsg: string;
  response: T | null;
}

/** The running server's answer, or null when no server is reachable on this machine. */
async function viaServer<T>(path: string, body: unknown): Promise<Answer<T> | null> {
  if (config.databaseUrl) return null;
  const key = readOpsKey(config.dataDir);
  if (!key) return null;
  // The port the server wrote beside its key; PORT only for a server that wrote none.
  const port = readOpsPort(config.dataDir) ?? config.port;
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'x-ops-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    return (await res.json()) as Answer<T>;
  } catch {
    return null;
  }
}

/** Runs the step through a running server, or against the database directly; failures exit with status 1. */
async function run<T>(path: string, body: unknown, local: (ctx: AppContext) => Promise<T>, label: string): Promise<T> {
  const answer = await viaServer<T>(path, body);
  if (answer) {
    if (answer.errcd !== '000' || answer.response === null) {
      console.error(`✘ ${label}: ${answer.errMsg}`);
      process.exit(1);
    }
    return answer.response;
  }
  const database = await Promise.resolve()
    .then(() => {
      if (!config.databaseUrl) preparePrivateDir(config.dataDir);
      return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    })
    .catch((error: unknown) => {
      console.error(`✘ ${describeStartupError(error, config)}`);
      return process.exit(1);
    });
  const ctx = createContext({ db: database.db, clock: systemClock, config });
  try {
    return await local(ctx);
  } catch (error) {
    console.error(`✘ ${label}: ${error instanceof Error ? error.message : String(error)}`);
    if (!(error instanceof AppError)) console.error(error);
    process.exit(1);
  } finally {
    await ctx.limiter.close();
    await database.close();
  }
}

/** A password piped in (not typed at a terminal): its first line. */
async function passwordFromStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0]?.trim();
  return line || undefined;
}

function printIssued(result: IssuedPassword, what: string): void {
  console.log(`✔ ${result.mail}（${result.role === 'admin' ? '管理者' : 'オペレーター'}）: ${what}`);
  if (result.generated) {
    console.log(`  初期パスワード（この一度だけ表示します）: ${result.password}`);
  } else {
    console.log('  パスワード: 標準入力から受け取ったものを設定しました。');
  }
  console.log('  初回サインイン時（/admin/login）にパスワードの変更が必要です。');
  if (result.role === 'admin')
    console.log('  管理者は2段階認証（TOTP）が必須です。初回サインイン時に登録画面が表示されます。');
}

const yen = (n: number | null | undefined) => `${(n ?? 0).toLocaleString('ja-JP')}円`;
const when = (d: Date | string | null | undefined) => (d ? formatTokyoDateTime(new Date(d)) : '-');

function printRecord(record: BookingRecord): void {
  const b = record.booking;
  console.log(`予約番号 ${b.rsvno}  ${record.label}  (status ${b.status}, status_payment ${b.statusPayment})`);
  console.log(
    `  申込者 ${b.sei} ${b.mei}  ${b.mail}  金額 ${yen(b.amountjp)}  利用日 ${b.fromdate}  受付 ${when(b.rsvdate)}`,
  );
  if (b.canceledAt) {
    const pending = b.status === 1 ? '  ※手続き中' : '';
    console.log(
      `  キャンセル ${when(b.canceledAt)} (${b.cancelReason ?? '-'})  キャンセル料 ${yen(b.cancelFee)}  返金 ${yen(b.refundAmount)}${pending}`,
    );
  }
  console.log('履歴 / events:');
  for (const e of record.events) {
    const change = [
      e.before ? `before ${JSON.stringify(e.before)}` : '',
      e.after ? `after ${JSON.stringify(e.after)}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    console.log(
      `  ${when(e.at)}  ${e.action}  by ${e.actorKind}:${e.actor}  ${change}${e.note ? `  「${e.note}」` : ''}`,
    );
  }
  console.log('決済 / payments:');
  for (const p of record.payments) {
    console.log(
      `  #${p.id} ${p.provider} ${p.status} ${yen(p.amount)} 返金済 ${yen(p.refundedAmount)} ${p.checkoutSessionId}`,
    );
  }
  console.log('決済事業者への依頼 / provider calls:');
  for (const c of record.calls) {
    const error = c.lastError ? `  error: ${c.lastError}` : '';
    console.log(
      `  #${c.id} ${c.kind}${c.reason ? `(${c.reason})` : ''} ${c.state} ${yen(c.amount)} 試行 ${c.attempts}${error}`,
    );
  }
}

function printReport(report: ReconcileReport): void {
  console.log(
    `✔ 照合完了 / reconciled: checkouts ${report.checkoutsMade}, fulfilled ${report.paymentsFulfilled}, closed ${report.checkoutsClosed}, refunds sent ${report.refundsSent}, refunds failed ${report.refundsFailed}, cancellations finished ${report.cancellationsFinished}`,
  );
  for (const error of report.errors) console.error(`  ✘ ${error}`);
}

function normaliseRsvno(raw: string | undefined): string {
  const rsvno = raw?.normalize('NFKC').trim().toUpperCase();
  if (!rsvno) usage();
  return rsvno;
}

switch (command) {
  case 'request:confirm': {
    const rsvno = normaliseRsvno(positional[0]);
    const result = await run<{ paymentDeadline: string | null }>(
      `/internal/ops/request/confirm/${encodeURIComponent(rsvno)}`,
      {},
      async (ctx) => {
        const r = await confirmRequest(ctx, rsvno, OPS);
        return { paymentDeadline: r.paymentDeadline?.toISOString() ?? null };
      },
      rsvno,
    );
    const deadline = result.paymentDeadline ? formatTokyoDateTime(new Date(result.paymentDeadline)) : '-';
    console.log(
      `✔ ${rsvno}: リクエストを手配済み（仮予約）にしました。お支払い期限 ${deadline}（日本時間）。確認メールを送信キューに登録しました。`,
    );
    console.log(`  confirmed; payment deadline ${result.paymentDeadline ?? '-'}; mail queued.`);
    break;
  }
  case 'request:decline': {
    const rsvno = normaliseRsvno(positional[0]);
    await run(
      `/internal/ops/request/decline/${encodeURIComponent(rsvno)}`,
      {},
      async (ctx) => {
        await declineRequest(ctx, rsvno, OPS);
        return { ok: true };
      },
      rsvno,
    );
    console.log(
      `✔ ${rsvno}: リクエストをお断りし、予約を取り消しました。在庫を戻し、お知らせメールを送信キューに登録しました。`,
    );
    console.log('  declined; booking canceled, seats returned, mail queued.');
    break;
  }
  case 'staff:create': {
    const mail = positional[0];
    const role = roleArg as StaffRole | undefined;
    if (!mail || !role || !STAFF_ROLES.includes(role)) usage();
    const password = await passwordFromStdin();
    const result = await run<IssuedPassword>(
      '/internal/ops/staff/create',
      { mail, role, password },
      (ctx) => createStaff(ctx, { mail, role, password }),
      mail,
    );
    printIssued(result, 'スタッフを登録しました。');
    break;
  }
  case 'staff:disable': {
    const mail = positional[0];
    if (!mail) usage();
    const result = await run('/internal/ops/staff/disable', { mail }, (ctx) => disableStaff(ctx, mail), mail);
    console.log(`✔ ${result.mail}: 無効にしました。サインイン中のセッションも終了しました。`);
    break;
  }
  case 'staff:reset-password': {
    const mail = positional[0];
    if (!mail) usage();
    const password = await passwordFromStdin();
    const result = await run<IssuedPassword>(
      '/internal/ops/staff/reset-password',
      { mail, password },
      (ctx) => resetStaffPassword(ctx, mail, password),
      mail,
    );
    printIssued(result, 'パスワードを再発行しました。サインイン中のセッションは終了しました。');
    break;
  }
  case 'staff:reset-totp': {
    const mail = positional[0];
    if (!mail) usage();
    const result = await run('/internal/ops/staff/reset-totp', { mail }, (ctx) => resetStaffTotp(ctx, mail), mail);
    console.log(
      `✔ ${result.mail}: 認証アプリの登録を解除しました。次回のサインインで新しく登録します。サインイン中のセッションは終了しました。`,
    );
    console.log('  authenticator reset; enrolment is asked at the next sign-in; sessions ended.');
    break;
  }
  case 'staff:list': {
    const rows = await run<StaffRow[]>('/internal/ops/staff/list', {}, (ctx) => listStaff(ctx), 'staff:list');
    if (rows.length === 0) console.log('スタッフは登録されていません。npm run ops -- staff:create MAIL --role admin');
    for (const r of rows) {
      const state = r.disabled ? '無効' : '有効';
      const totp = r.totpEnabled ? 'TOTPあり' : 'TOTPなし';
      const last = r.lastLoginAt ? formatTokyoDateTime(new Date(r.lastLoginAt)) : '-';
      console.log(
        `${String(r.id).padStart(4)}  ${r.mail.padEnd(32)} ${r.role.padEnd(8)} ${state}  ${totp}  最終サインイン ${last}`,
      );
    }
    break;
  }
  case 'jobs:list': {
    const rows = await run<JobRow[]>('/internal/ops/jobs/list', {}, (ctx) => listJobs(ctx.db), 'jobs:list');
    if (rows.length === 0)
      console.log('バックグラウンド処理はまだ登録されていません（サーバーの起動時に登録されます）。');
    for (const r of rows) {
      const holder = r.lockedBy ? `実行中 ${r.lockedBy}` : '待機';
      const failing = r.failures > 0 ? `  失敗 ${r.failures}回連続: ${r.lastError ?? ''}` : '';
      console.log(
        `${r.name.padEnd(14)} ${holder.padEnd(10)} 次回 ${when(r.runAt)}  最終成功 ${when(r.lastOkAt)}  実行 ${r.runs}回${failing}`,
      );
    }
    break;
  }
  case 'privacy:export': {
    const rsvno = normaliseRsvno(positional[0]);
    const data = await run<PersonalDataExport>(
      `/internal/ops/privacy/export/${encodeURIComponent(rsvno)}`,
      {},
      (ctx) => exportPersonalData(ctx, rsvno),
      rsvno,
    );
    console.log(JSON.stringify(data, null, 2));
    break;
  }
  case 'privacy:erase': {
    const rsvno = normaliseRsvno(positional[0]);
    const result = await run<{ erased: boolean }>(
      `/internal/ops/privacy/erase/${encodeURIComponent(rsvno)}`,
      {},
      (ctx) => erasePersonalDataOf(ctx, rsvno),
      rsvno,
    );
    console.log(
      result.erased
        ? `✔ ${rsvno}: 参加者の旅券番号・生年月日・食事の希望を消去しました（履歴からも）。氏名・金額は会計のため残ります。`
        : `✔ ${rsvno}: 既に消去済みです。`,
    );
    console.log(result.erased ? '  personal data erased.' : '  already erased.');
    break;
  }
  case 'booking:show': {
    const rsvno = normaliseRsvno(positional[0]);
    const record = await run<BookingRecord>(
      `/internal/ops/booking/show/${encodeURIComponent(rsvno)}`,
      {},
      (ctx) => bookingRecord(ctx, rsvno),
      rsvno,
    );
    printRecord(record);
    break;
  }
  case 'booking:reconcile': {
    const raw = positional[0];
    const rsvno = raw ? normaliseRsvno(raw) : undefined;
    const { report } = await run<{ report: ReconcileReport }>(
      rsvno ? `/internal/ops/booking/reconcile/${encodeURIComponent(rsvno)}` : '/internal/ops/reconcile',
      {},
      async (ctx) => ({ report: await reconcile(ctx, { ...(rsvno ? { rsvno } : {}), actor: OPS }) }),
      rsvno ?? 'booking:reconcile',
    );
    printReport(report);
    if (report.errors.length > 0) process.exit(1);
    break;
  }
  case 'reseller:create': {
    const name = positional[0];
    if (!name || (args.includes('--commission') && flag('--commission') === undefined)) usage();
    const parsed = resellerRequest.safeParse({ name, commission: flag('--commission') ?? '0' });
    if (!parsed.success) {
      console.error(`✘ ${parsed.error.issues[0]?.message ?? '入力内容に誤りがあります。'}`);
      process.exit(1);
    }
    const input = { name: parsed.data.name, commission: bpToPercent(parsed.data.commission) };
    const result = await run<IssuedKey>(
      '/internal/ops/reseller/create',
      input,
      async (ctx) => {
        const made = await createReseller(
          ctx,
          { name: parsed.data.name, commissionBp: parsed.data.commission },
          RESELLER_BY_OPS,
          {},
        );
        return { reseller: made.reseller, key: made.key ?? '' };
      },
      name,
    );
    const r = result.reseller;
    console.log(`✔ 販売代理店「${r.name}」を登録しました（ID ${r.id}、手数料率 ${bpToPercent(r.commissionBp)}%）。`);
    console.log(
      `  reseller #${r.id} created; API key ${r.keys[0]?.prefix ?? ''}… (${r.keys[0]?.ratePerMinute ?? ''}/min).`,
    );
    console.log(
      '  APIキー（この一度だけ表示します。保存されるのはハッシュだけです。安全な方法で代理店にお渡しください）:',
    );
    // Alone on the last line: `KEY=$(npm run -s ops -- reseller:create NAME | tail -1)`.
    console.log(result.key);
    break;
  }
  default:
    usage();
}
process.exit(0);
