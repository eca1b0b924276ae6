import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
/** Shared by every spec and worker of a run: the server accepts each time step's code once (replay protection). */
const LAST_STEP_FILE = path.resolve(
  import.meta.dirname,
  `../../test-results/totp-last-step-${process.env.E2E_PORT ?? '3100'}`,
);

function lastUsedStep(): number {
  try {
    return Number(readFileSync(LAST_STEP_FILE, 'utf8')) || 0;
  } catch {
    return 0;
  }
}

/** A code the server has not seen yet: waits for the next 30-second step when this one was used already. */
export async function freshTotpCode(secret: string): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: PERIOD, algorithm: 'SHA1' });
  let step = Math.floor(Date.now() / 1000 / PERIOD);
  while (step <= lastUsedStep()) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    step = Math.floor(Date.now() / 1000 / PERIOD);
  }
  mkdirSync(path.dirname(LAST_STEP_FILE), { recursive: true });
  writeFileSync(LAST_STEP_FILE, String(step));
  return totp.generate({ timestamp: step * PERIOD * 1000 });
}
