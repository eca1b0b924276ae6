/**
 * The ticket as an Apple Wallet pass (ADR 0214): an eventTicket .pkpass made and signed with passkit-generator
 * (pass.json, the icons, manifest.json with each file's SHA-1, and a detached PKCS #7 signature by the pass type's
 * certificate with Apple's WWDR certificate beside it). Only when WALLET_* configure it (`config.walletPass`).
 *
 * The browser gets the pass by opening a link of this site, not by a call: Safari hands a pass to Wallet when it opens
 * one by its address, and not reliably one made from a downloaded Blob. The link is made behind my page's session and
 * holds for LINK_SECONDS: the booking number and the expiry, bound together with APP_KEY.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import sharp from 'sharp';
import type { WalletPassConfig } from '../../config.ts';
import { TICKET_NOTES } from './pdf.ts';
import type { TicketView } from './view.ts';

/** How long a link to the pass holds: enough to open it, too short to pass it round. */
export const LINK_SECONDS = 5 * 60;

/** The site's mark (the favicon's drawing, no text: the renderer needs no font), for the pass's icon. */
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b4f8a"/>' +
  '<path d="M32 12c4 7 12 9 12 18a12 12 0 0 1-24 0c0-9 8-11 12-18z" fill="#f6a5c0"/>' +
  '<circle cx="32" cy="31" r="4" fill="#fff"/></svg>';

let icons: Promise<Record<string, Buffer>> | null = null;

/** icon.png at the three scales Wallet asks for (a pass without one is not added), drawn once. */
function iconFiles(): Promise<Record<string, Buffer>> {
  icons ??= Promise.all(
    [29, 58, 87].map((size) =>
      sharp(Buffer.from(ICON_SVG), { density: (72 * size) / 64 })
        .resize(size, size)
        .png()
        .toBuffer(),
    ),
  ).then(([one, two, three]) => ({
    'icon.png': one as Buffer,
    'icon@2x.png': two as Buffer,
    'icon@3x.png': three as Buffer,
  }));
  return icons;
}

interface PassField {
  key: string;
  label: string;
  value: string;
}

/** The first option's start in Tokyo, so that the pass comes up on the lock screen that day. */
function relevantDate(view: TicketView): string | undefined {
  const first = view.lines[0];
  if (!first) return undefined;
  const day = `${first.day.slice(0, 4)}-${first.day.slice(4, 6)}-${first.day.slice(6, 8)}`;
  return `${day}T${first.start || '00:00'}:00+09:00`;
}

/** pass.json: an event ticket with the QR code, the option, its day and start, the booking number, the meeting point. */
export function passJson(config: WalletPassConfig, view: TicketView): Record<string, unknown> {
  const [first, ...others] = view.lines;
  const secondary: PassField[] = first
    ? [
        { key: 'date', label: 'ご利用日', value: first.date },
        ...(first.times ? [{ key: 'time', label: '出発', value: first.times }] : []),
      ]
    : [];
  const back: PassField[] = [
    ...(view.meetpoint ? [{ key: 'meetpoint', label: '集合場所', value: view.meetpoint }] : []),
    ...others.map((line, i) => ({
      key: `option${i + 2}`,
      label: `ご利用内容（${i + 2}）`,
      value: `${line.name}\n${line.date}${line.times ? ` ${line.times}` : ''}`,
    })),
    { key: 'travellers', label: 'ご参加者', value: view.travellers.join('\n') },
    { key: 'note', label: 'ご案内', value: TICKET_NOTES.join('\n') },
    { key: 'contact', label: 'お問い合わせ', value: `${view.issuer.companyName}\nTEL ${view.issuer.tel}` },
  ];
  const date = relevantDate(view);
  return {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeId,
    teamIdentifier: config.teamId,
    serialNumber: view.rsvno,
    organizationName: view.issuer.companyName,
    description: `${first?.name ?? view.rsvno} のチケット`,
    logoText: view.issuer.companyName,
    foregroundColor: 'rgb(255, 255, 255)',
    backgroundColor: 'rgb(11, 79, 138)',
    labelColor: 'rgb(232, 241, 250)',
    ...(date ? { relevantDate: date } : {}),
    // The same text as my page's QR code; the booking number under it for a scanner that cannot read it.
    barcodes: [{ format: 'PKBarcodeFormatQR', message: view.code, messageEncoding: 'iso-8859-1', altText: view.rsvno }],
    eventTicket: {
      primaryFields: [{ key: 'option', label: 'オプション', value: first?.name ?? '' }],
      secondaryFields: secondary,
      auxiliaryFields: [
        { key: 'rsvno', label: '予約番号', value: view.rsvno },
        { key: 'party', label: 'ご参加', value: `${view.travellers.length}名` },
      ],
      backFields: back,
    },
  };
}

/** The signed .pkpass (a zip) of the ticket. */
export async function walletPass(config: WalletPassConfig, view: TicketView): Promise<Buffer> {
  // Loaded by the first pass made: with its certificate library it was a tenth of every start's CPU.
  const { PKPass } = await import('passkit-generator');
  const pass = new PKPass(
    { ...(await iconFiles()), 'pass.json': Buffer.from(JSON.stringify(passJson(config, view))) },
    {
      wwdr: config.wwdr,
      signerCert: config.cert,
      signerKey: config.key,
      ...(config.keyPassphrase === undefined ? {} : { signerKeyPassphrase: config.keyPassphrase }),
    },
  );
  return pass.getAsBuffer();
}

// --- the link to the pass ---

function mac(appKey: string, rsvno: string, expires: number): string {
  return createHmac('sha256', appKey)
    .update(`wallet-pass:${rsvno}:${expires}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

const LINK_FILE = /^([A-Za-z0-9]{1,20})\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.pkpass$/;

/** The last part of a link to the pass of `rsvno`: `RSVNO.EXPIRES.MAC.pkpass` (the extension helps iOS browsers). */
export function walletLinkFile(appKey: string, rsvno: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + LINK_SECONDS;
  return `${rsvno}.${expires}.${mac(appKey, rsvno, expires)}.pkpass`;
}

/** The booking a link is for, or null when it is malformed, altered or expired. */
export function rsvnoOfWalletLink(appKey: string, file: string, now: Date): string | null {
  const [, rsvno = '', expiresText = '', given = ''] = LINK_FILE.exec(file) ?? [];
  const expires = Number(expiresText);
  if (!rsvno || expires <= Math.floor(now.getTime() / 1000)) return null;
  const expected = Buffer.from(mac(appKey, rsvno, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? rsvno : null;
}
