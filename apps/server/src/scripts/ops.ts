/**
 * Operator commands (the console is the everyday way; these work without a browser):
 *   npm run ops -- request:confirm RSVNO    request → 仮予約（手配済） with a payment deadline, mail sent
 *   npm run ops -- request:decline RSVNO    request → canceled, seats back, mail sent
 *   npm run ops -- booking:show RSVNO       state, history, payments and provider calls of a booking
 *   npm run ops -- booking:reconcile [RSVNO] finish half-done payment steps now (of one booking, or all due)
 * The embedded database admits one process, so while a server runs on it (it leaves DATA_DIR/ops.key)
 * the command asks that server over loopback; otherwise it opens the database itself.
 */
import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { openDatabase } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { systemActor } from '../modules/booking/events.ts';
import { type BookingRecord, bookingRecord } from '../modules/booking/history.ts';
import { type ReconcileReport, reconcile } from '../modules/booking/reconciler.ts';
import { confirmRequest, declineRequest } from '../modules/booking/service.ts';
import { formatTokyoDateTime } from '../modules/mail/templates.ts';
import { readOpsKey } from '../modules/ops/key.ts';

const USAGE = `使い方 / usage:
  npm run ops -- request:confirm RSVNO      リクエストを手配済みにする / confirm a request
  npm run ops -- request:decline RSVNO      リクエストをお断りする / decline a request
  npm run ops -- booking:show RSVNO         予約の状態・履歴・決済を表示 / show a booking
  npm run ops -- booking:reconcile [RSVNO]  決済の未完了処理を今すぐ完了 / finish half-done payment steps`;

const COMMANDS = ['request:confirm', 'request:decline', 'booking:show', 'booking:reconcile'] as const;
type Command = (typeof COMMANDS)[number];

const [rawCommand, rawRsvno] = process.argv.slice(2);
const rsvno = rawRsvno?.normalize('NFKC').trim().toUpperCase();
const command = COMMANDS.find((c) => c === rawCommand);
if (!command || (!rsvno && command !== 'booking:reconcile')) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();

interface OpsAnswer<T> {
  errcd: string;
  errMsg: string;
  response: T | null;
}

type RequestAnswer = { paymentDeadline: string | null };
type ReconcileAnswer = { report: ReconcileReport };

function serverPath(cmd: Command): string {
  const id = encodeURIComponent(rsvno ?? '');
  switch (cmd) {
    case 'request:confirm':
      return `/internal/ops/request/confirm/${id}`;
    case 'request:decline':
      return `/internal/ops/request/decline/${id}`;
    case 'booking:show':
      return `/internal/ops/booking/show/${id}`;
    case 'booking:reconcile':
      return rsvno ? `/internal/ops/booking/reconcile/${id}` : '/internal/ops/reconcile';
  }
}

/** The running server's answer, or null when no server is reachable on this machine. */
async function viaServer<T>(cmd: Command): Promise<OpsAnswer<T> | null> {
  const key = readOpsKey(config.dataDir);
  if (!key) return null;
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}${serverPath(cmd)}`, {
      method: 'POST',
      headers: { 'x-ops-key': key },
    });
    return (await res.json()) as OpsAnswer<T>;
  } catch {
    return null;
  }
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
    console.log(
      `  キャンセル ${when(b.canceledAt)} (${b.cancelReason ?? '-'})  キャンセル料 ${yen(b.cancelFee)}  返金 ${yen(b.refundAmount)}${b.status === 1 ? '  ※手続き中' : ''}`,
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
    console.log(
      `  #${c.id} ${c.kind}${c.reason ? `(${c.reason})` : ''} ${c.state} ${yen(c.amount)} 試行 ${c.attempts}${c.lastError ? `  error: ${c.lastError}` : ''}`,
    );
  }
}

function printReport(report: ReconcileReport): void {
  console.log(
    `✔ 照合完了 / reconciled: checkouts ${report.checkoutsMade}, fulfilled ${report.paymentsFulfilled}, closed ${report.checkoutsClosed}, refunds sent ${report.refundsSent}, refunds failed ${report.refundsFailed}, cancellations finished ${report.cancellationsFinished}`,
  );
  for (const error of report.errors) console.error(`  ✘ ${error}`);
}

function printTransition(cmd: Command, deadline: Date | null): void {
  if (cmd === 'request:confirm') {
    console.log(
      `✔ ${rsvno}: リクエストを手配済み（仮予約）にしました。お支払い期限 ${deadline ? formatTokyoDateTime(deadline) : '-'}（日本時間）。確認メールを送信キューに登録しました。`,
    );
    console.log(`  confirmed; payment deadline ${deadline?.toISOString() ?? '-'}; mail queued.`);
  } else {
    console.log(
      `✔ ${rsvno}: リクエストをお断りし、予約を取り消しました。在庫を戻し、お知らせメールを送信キューに登録しました。`,
    );
    console.log('  declined; booking canceled, seats returned, mail queued.');
  }
}

function print(cmd: Command, response: unknown): void {
  if (cmd === 'booking:show') printRecord(response as BookingRecord);
  else if (cmd === 'booking:reconcile') printReport((response as ReconcileAnswer).report);
  else {
    const deadline = (response as RequestAnswer).paymentDeadline;
    printTransition(cmd, deadline ? new Date(deadline) : null);
  }
}

if (!config.databaseUrl) {
  const answer = await viaServer<unknown>(command);
  if (answer) {
    if (answer.errcd !== '000') {
      console.error(`✘ ${rsvno ?? ''}: ${answer.errMsg}`);
      process.exit(1);
    }
    print(command, answer.response);
    process.exit(0);
  }
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const ctx = createContext({ db: database.db, clock: systemClock, config });
const actor = systemActor('ops');
let exitCode = 0;
try {
  const id = rsvno ?? '';
  switch (command) {
    case 'request:confirm':
      printTransition(command, (await confirmRequest(ctx, id, actor)).paymentDeadline);
      break;
    case 'request:decline':
      printTransition(command, (await declineRequest(ctx, id, actor)).paymentDeadline);
      break;
    case 'booking:show':
      printRecord(await bookingRecord(ctx, id));
      break;
    case 'booking:reconcile': {
      const report = await reconcile(ctx, { ...(rsvno ? { rsvno } : {}), actor });
      printReport(report);
      if (report.errors.length > 0) exitCode = 1;
      break;
    }
  }
} catch (error) {
  exitCode = 1;
  if (error instanceof AppError) console.error(`✘ ${rsvno ?? ''}: ${error.message}`);
  else console.error(`✘ ${rsvno ?? ''}: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await ctx.limiter.close();
  await database.close();
}
process.exit(exitCode);
