import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const ISSUER = 'さくらトラベル 管理';
const PERIOD = 30;

function totpFor(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secret: string, mail: string): string {
  return totpFor(secret, mail).toString();
}

/** The enrolment QR code as SVG markup (rendered by the server, so the console needs no QR library). */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The time step a code belongs to (one step of clock drift either way accepted), or null. The caller refuses
 * a step at or before the last one accepted, so a code observed once cannot be replayed.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

export function totpCodeAt(secret: string, at: Date): string {
  return totpFor(secret).generate({ timestamp: at.getTime() });
}
