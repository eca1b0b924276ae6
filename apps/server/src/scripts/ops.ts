/**
 * Operator commands until an operator console exists:
 *   npm run ops -- request:confirm RSVNO   request → 仮予約（手配済） with a payment deadline, mail sent
 *   npm run ops -- request:decline RSVNO   request → canceled, seats back, mail sent
 * The embedded database admits one process, so while a server runs on it (it leaves DATA_DIR/ops.key)
 * the command asks that server over loopback; otherwise it opens the database itself.
 */
import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { openDatabase } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { confirmRequest, declineRequest } from '../modules/booking/service.ts';
import { formatTokyoDateTime } from '../modules/mail/templates.ts';
import { readOpsKey } from '../modules/ops/key.ts';
import { describeStartupError } from '../startup-error.ts';

const USAGE = `使い方 / usage:
  npm run ops -- request:confirm RSVNO   リクエストを手配済みにする / confirm a request
  npm run ops -- request:decline RSVNO   リクエストをお断りする / decline a request`;

const [command, rawRsvno] = process.argv.slice(2);
const rsvno = rawRsvno?.normalize('NFKC').trim().toUpperCase();
if (!command || !rsvno || !['request:confirm', 'request:decline'].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();

interface OpsAnswer {
  errcd: string;
  errMsg: string;
  response: { paymentDeadline: string | null } | null;
}

/** The running server's answer, or null when no server is reachable on this machine. */
async function viaServer(): Promise<OpsAnswer | null> {
  const key = readOpsKey(config.dataDir);
  if (!key) return null;
  const action = command === 'request:confirm' ? 'confirm' : 'decline';
  try {
    const res = await fetch(
      `http://127.0.0.1:${config.port}/internal/ops/request/${action}/${encodeURIComponent(rsvno ?? '')}`,
      {
        method: 'POST',
        headers: { 'x-ops-key': key },
      },
    );
    return (await res.json()) as OpsAnswer;
  } catch {
    return null;
  }
}

if (!config.databaseUrl) {
  const answer = await viaServer();
  if (answer) {
    if (answer.errcd !== '000') {
      console.error(`✘ ${rsvno}: ${answer.errMsg}`);
      process.exit(1);
    }
    const deadline = answer.response?.paymentDeadline;
    console.log(
      command === 'request:confirm'
        ? `✔ ${rsvno}: リクエストを手配済み（仮予約）にしました。お支払い期限 ${deadline ? formatTokyoDateTime(new Date(deadline)) : '-'}（日本時間）。確認メールを送信キューに登録しました。`
        : `✔ ${rsvno}: リクエストをお断りし、予約を取り消しました。在庫を戻し、お知らせメールを送信キューに登録しました。`,
    );
    process.exit(0);
  }
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
  (error: unknown) => {
    console.error(`✘ ${describeStartupError(error, config)}`);
    return process.exit(1);
  },
);
const ctx = createContext({ db: database.db, clock: systemClock, config });
let exitCode = 0;
try {
  if (command === 'request:confirm') {
    const result = await confirmRequest(ctx, rsvno);
    const deadline = result.paymentDeadline ? formatTokyoDateTime(result.paymentDeadline) : '-';
    console.log(
      `✔ ${rsvno}: リクエストを手配済み（仮予約）にしました。お支払い期限 ${deadline}（日本時間）。確認メールを送信キューに登録しました。`,
    );
    console.log(`  confirmed; payment deadline ${result.paymentDeadline?.toISOString()}; mail queued.`);
  } else {
    await declineRequest(ctx, rsvno);
    console.log(
      `✔ ${rsvno}: リクエストをお断りし、予約を取り消しました。在庫を戻し、お知らせメールを送信キューに登録しました。`,
    );
    console.log('  declined; booking canceled, seats returned, mail queued.');
  }
} catch (error) {
  exitCode = 1;
  if (error instanceof AppError) console.error(`✘ ${rsvno}: ${error.message}`);
  else console.error(`✘ ${rsvno}: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await ctx.limiter.close();
  await database.close();
}
process.exit(exitCode);
