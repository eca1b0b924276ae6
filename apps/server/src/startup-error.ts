import { ConfigError } from './config.ts';
import { DataDirLockedError } from './db/dir-lock.ts';
import { RouteContractError } from './http/route-check.ts';

/** What a start-up failure is told about: the settings it may be caused by. */
export interface StartupFacts {
  port?: number | undefined;
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
}

interface ErrorFacts {
  code?: unknown;
  syscall?: unknown;
  path?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The error and its causes, outermost first (Drizzle wraps the driver's error, whose message is the whole query). */
function chain(error: unknown): ErrorFacts[] {
  const list: ErrorFacts[] = [];
  let current: unknown = error;
  while (current !== null && typeof current === 'object' && list.length < 10) {
    list.push(current as ErrorFacts);
    current = (current as ErrorFacts).cause;
  }
  return list;
}

function firstLine(text: unknown): string {
  return String(text ?? '')
    .split('\n')[0]
    ?.trim()
    .slice(0, 300) as string;
}

/** host:port of DATABASE_URL, never its user or password. */
function databaseHost(databaseUrl: string | undefined): string {
  if (!databaseUrl) return '?';
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return '?';
  }
}

const NETWORK_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const FILE_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'ENOSPC', 'EISDIR', 'ENOENT']);

/**
 * One line, Japanese then English, for an error that stopped the server from starting:
 * a wrong setting, a DATA_DIR that cannot be written or is held by another process, a DATABASE_URL that is
 * wrong or unreachable, a port in use. Never a query dump or a stack.
 */
export function describeStartupError(error: unknown, facts: StartupFacts = {}): string {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof RouteContractError) {
    return error.message;
  }
  const errors = chain(error);
  const coded = errors.find((e) => typeof e.code === 'string');
  const code = typeof coded?.code === 'string' ? coded.code : undefined;
  const syscall = typeof coded?.syscall === 'string' ? coded.syscall : undefined;

  if (code === 'EADDRINUSE' || (syscall === 'listen' && code)) {
    return `ポート ${facts.port ?? '?'} で待ち受けできません（${code === 'EADDRINUSE' ? '既に使用中' : code}）。PORT を変えるか、使用中のプロセスを止めてください。 / cannot listen on port ${facts.port ?? '?'} (${code === 'EADDRINUSE' ? 'already in use' : code}); set another PORT or stop the process using it.`;
  }
  if (facts.databaseUrl) {
    const host = databaseHost(facts.databaseUrl);
    if (code && NETWORK_CODES.has(code)) {
      return `DATABASE_URL のデータベース（${host}）に接続できません（${code}）。アドレスと PostgreSQL の起動を確認してください。 / cannot reach the database of DATABASE_URL (${host}: ${code}); check the address and that PostgreSQL runs.`;
    }
    if (code === '28P01' || code === '28000') {
      return `DATABASE_URL のデータベース（${host}）にログインできません。ユーザー名とパスワードを確認してください。 / DATABASE_URL (${host}): authentication failed; check user and password.`;
    }
    if (code === '3D000') {
      return `DATABASE_URL のデータベース（${host}）が存在しません。 / DATABASE_URL (${host}): the database does not exist.`;
    }
    if (code && /^[0-9A-Z]{5}$/.test(code)) {
      const cause = errors.find((e) => e.code === code);
      return `DATABASE_URL のデータベース（${host}）を準備できませんでした（${code}: ${firstLine(cause?.message)}）。 / could not prepare the database of DATABASE_URL (${host}; ${code}: ${firstLine(cause?.message)}).`;
    }
  }
  if (code && FILE_CODES.has(code) && facts.dataDir) {
    const where = typeof coded?.path === 'string' ? coded.path : facts.dataDir;
    return `データディレクトリ ${facts.dataDir} に書き込めません（${code}: ${where}）。DATA_DIR に書き込み可能なディレクトリを指定してください。 / DATA_DIR ${facts.dataDir} is not writable (${code}: ${where}); point DATA_DIR at a writable directory.`;
  }
  if (!facts.databaseUrl && facts.dataDir && errors.some((e) => /Aborted|RuntimeError/.test(String(e.message)))) {
    return `データディレクトリ ${facts.dataDir} の組み込みデータベースを開けませんでした（${firstLine(errors[0]?.message)}）。 / could not open the embedded database in DATA_DIR ${facts.dataDir} (${firstLine(errors[0]?.message)}).`;
  }
  const innermost = errors.at(-1);
  return `起動に失敗しました（${firstLine(innermost?.message ?? error)}）。 / start-up failed: ${firstLine(innermost?.message ?? error)}`;
}
