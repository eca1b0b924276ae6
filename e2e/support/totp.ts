import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { port } from '../playwright.config.ts';

const PERIOD = 30;

/**
 * The last time step whose code a spec sent for this account. Kept in a file per account and server, so
 * that a test run again on the same server (a retry) waits for the next step: the server accepts each step's code
 * once per account (replay protection).
 */
function stepFile(secret: string): string {
  return path.resolve(import.meta.dirname, `../../test-results/totp-last-step-${port}-${secret.slice(0, 8)}`);
}

function currentStep(): number {
  return Math.floor(Date.now() / 1000 / PERIOD);
}

function lastUsedStep(secret: string): number {
  try {
    return Number(readFileSync(stepFile(secret), 'utf8')) || 0;
  } catch {
    return 0;
  }
}

/** A code the server has not seen yet: waits for the next 30-second step when this one was used already. */
export async function freshTotpCode(secret: string): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: PERIOD, algorithm: 'SHA1' });
  let step = currentStep();
  while (step <= lastUsedStep(secret)) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    step = currentStep();
  }
  const file = stepFile(secret);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, String(step));
  return totp.generate({ timestamp: step * PERIOD * 1000 });
}
