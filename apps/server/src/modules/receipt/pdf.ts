/**
 * The receipt as a PDF (ADR 0163): A4 portrait, one page, drawn with pdfkit in Noto Sans JP, of which only the
 * glyphs used are embedded (pdfkit subsets the TrueType font through fontkit, and writes a ToUnicode map, so the
 * text can be searched and copied). The font comes from an npm package: `npm install` alone is enough, on any
 * machine, whatever fonts the system has.
 */
import { formatJpy } from '@tabi/contract/format';
import type { ReceiptKind } from '@tabi/contract/receipt';
import { A4, a4Frame, INK, MUTED, ruledRows, startJapanesePdf } from '../../pdf/japanese-pdf.ts';

/** Everything one receipt says, decided by the service; the renderer only lays it out. */
export interface ReceiptModel {
  kind: ReceiptKind;
  /** Issued before: marked 再発行. */
  reissue: boolean;
  /** This issue's number (1 the first). */
  issueCount: number;
  receiptNo: string;
  /** This issue's day and the first one's, e.g. 2026年11月26日. */
  issuedOn: string;
  firstIssuedOn: string;
  addressee: string;
  /** Tax included, in yen. */
  amount: number;
  /** 但し書き: 旅行代金として / キャンセル料として. */
  proviso: string;
  /** The consumption tax of a taxable amount; null for an amount outside its scope (不課税). */
  tax: { ratePercent: number; amount: number } | null;
  rsvno: string;
  /** What was bought: the options and their use dates. */
  items: string[];
  /** The day the customer paid. */
  paidOn: string;
  /** The day of the cancellation whose fee this receipts. */
  canceledOn: string | null;
  issuer: {
    companyName: string;
    address: string;
    tel: string;
    invoiceNumber: string;
    registration: string;
  };
  /** The issuer's data are the demo's examples (the footer says so too). */
  example: boolean;
}

const MARGIN = 56;
const FRAME = a4Frame(MARGIN);
const { left: LEFT, right: RIGHT, width: WIDTH } = FRAME;
const ACCENT = '#b3261e';

/** ￥12,345－ as receipts write an amount (no digits can be added after it). */
function amountText(amount: number): string {
  return `${formatJpy(amount)}－`;
}

/** The addressee with its honorific: 様 unless it already ends with one (様, 御中, 殿). */
export function addresseeLine(addressee: string): string {
  return /(様|御中|殿)$/.test(addressee) ? addressee : `${addressee}　様`;
}

/** Renders the receipt; resolves to the PDF's bytes. */
export function renderReceiptPdf(model: ReceiptModel): Promise<Buffer> {
  const title = model.kind === 'payment' ? '領収書' : '領収書（キャンセル料）';
  const { doc, done } = startJapanesePdf({
    margin: MARGIN,
    ink: INK,
    info: {
      Title: `${title}${model.reissue ? '（再発行）' : ''} ${model.rsvno}`,
      Author: model.issuer.companyName,
      Subject: model.proviso,
    },
  });

  // 再発行: a red box in the top right corner, above everything else.
  if (model.reissue) {
    doc.font('jp-bold').fontSize(14);
    const label = '再発行';
    const w = doc.widthOfString(label) + 24;
    doc
      .lineWidth(1.5)
      .strokeColor(ACCENT)
      .rect(RIGHT - w, MARGIN - 8, w, 28)
      .stroke();
    doc.fillColor(ACCENT).text(label, RIGHT - w, MARGIN - 3, { width: w, align: 'center', lineBreak: false });
    doc.fillColor(INK).strokeColor(INK);
  }

  // Title, spaced out, with a double rule under it.
  doc.font('jp-bold').fontSize(26);
  const spaced = model.kind === 'payment' ? '領　収　書' : '領 収 書（キャンセル料）';
  doc.text(spaced, LEFT, 92, { width: WIDTH, align: 'center' });
  const titleWidth = doc.widthOfString(spaced) + 40;
  const titleLeft = LEFT + (WIDTH - titleWidth) / 2;
  doc
    .lineWidth(1)
    .moveTo(titleLeft, 134)
    .lineTo(titleLeft + titleWidth, 134)
    .moveTo(titleLeft, 137.5)
    .lineTo(titleLeft + titleWidth, 137.5)
    .stroke();

  // Number and day of issue, on the right.
  doc.font('jp').fontSize(10).fillColor(MUTED);
  doc.text(`No. ${model.receiptNo}`, LEFT, 156, { width: WIDTH, align: 'right' });
  doc.text(`発行日　${model.issuedOn}`, { width: WIDTH, align: 'right' });
  doc.fillColor(INK);

  // 宛名, underlined over most of the width.
  doc.font('jp-bold').fontSize(17);
  doc.text(addresseeLine(model.addressee), LEFT, 200, { width: WIDTH * 0.7, lineBreak: true });
  const underAddressee = Math.max(doc.y + 4, 226);
  doc
    .lineWidth(0.8)
    .moveTo(LEFT, underAddressee)
    .lineTo(LEFT + WIDTH * 0.72, underAddressee)
    .stroke();

  // The amount in a shaded box.
  const boxTop = underAddressee + 24;
  const boxHeight = 64;
  doc.save().rect(LEFT, boxTop, WIDTH, boxHeight).fill('#f1f1f1').restore();
  doc.lineWidth(1).rect(LEFT, boxTop, WIDTH, boxHeight).stroke();
  doc
    .font('jp')
    .fontSize(13)
    .text('金額', LEFT + 18, boxTop + 24, { lineBreak: false });
  doc.font('jp-bold').fontSize(28);
  doc.text(amountText(model.amount), LEFT, boxTop + 13, { width: WIDTH, align: 'center', lineBreak: false });
  doc.font('jp').fontSize(11);
  const note = model.tax ? '（税込）' : '（不課税）';
  doc.text(note, LEFT, boxTop + 26, { width: WIDTH - 18, align: 'right', lineBreak: false });

  // 但し書き and the acknowledgement on the left; the issuer beside them, on the right.
  const top = boxTop + boxHeight + 20;
  const leftWidth = WIDTH * 0.46 - 12;
  doc.font('jp').fontSize(13).text(`但し　${model.proviso}`, LEFT, top, { width: leftWidth });
  doc.fontSize(11).text('上記の金額を正に領収いたしました。', LEFT, doc.y + 6, { width: leftWidth });
  const leftBottom = doc.y;
  const issuerLeft = LEFT + WIDTH * 0.46;
  const issuerWidth = RIGHT - issuerLeft;
  doc.font('jp-bold').fontSize(13).text(model.issuer.companyName, issuerLeft, top, { width: issuerWidth });
  doc.font('jp').fontSize(9.5);
  for (const line of [
    model.issuer.address,
    `TEL ${model.issuer.tel}`,
    `登録番号　${model.issuer.invoiceNumber}`,
    model.issuer.registration,
  ]) {
    doc.text(line, issuerLeft, doc.y + 2, { width: issuerWidth });
  }
  let y = Math.max(leftBottom, doc.y);

  // The facts: booking number, what was bought, the days.
  y += 22;
  const rows: [string, string][] = [
    ['予約番号', model.rsvno],
    ...model.items.map((item, i): [string, string] => [i === 0 ? 'ご利用内容' : '', item]),
    ['お支払い日', model.paidOn],
  ];
  if (model.canceledOn) rows.push(['キャンセル日', model.canceledOn]);
  y = table(doc, y, rows);

  // 内訳: the amount per tax rate and its tax, or the fee outside the tax's scope.
  y += 18;
  doc.font('jp-bold').fontSize(11).text('内訳', LEFT, y);
  y = doc.y + 4;
  const breakdown = { labelWidth: 240, valueAlign: 'right' as const };
  if (model.tax) {
    y = table(
      doc,
      y,
      [
        [`${model.tax.ratePercent}%対象（税込）`, formatJpy(model.amount)],
        [`うち消費税（${model.tax.ratePercent}%）`, formatJpy(model.tax.amount)],
      ],
      breakdown,
    );
  } else {
    y = table(
      doc,
      y,
      [
        ['不課税（消費税の課税対象外）', formatJpy(model.amount)],
        ['消費税', formatJpy(0)],
      ],
      breakdown,
    );
    doc.font('jp').fontSize(9).fillColor(MUTED);
    doc.text(
      '※ キャンセル料は取消しに伴う損害賠償的な性格の受領金のため、消費税の課税対象外（不課税）です。',
      LEFT,
      y + 6,
      { width: WIDTH },
    );
    doc.fillColor(INK);
    y = doc.y;
  }

  // Notes at the foot of the page.
  const notes = [
    ...(model.reissue
      ? [`※ この領収書は再発行です（${model.issueCount}回目の発行。初回の発行日：${model.firstIssuedOn}）。`]
      : []),
    '※ 電磁的方法により発行した領収書のため、収入印紙の貼付はありません。',
    ...(model.example ? ['※ 会社名・所在地・電話番号・登録番号はデモ用の例です。'] : []),
  ];
  doc.font('jp').fontSize(8.5).fillColor(MUTED);
  // At the foot of the page, or under the breakdown when a long list of options reaches down there.
  let footY = Math.max(A4.height - MARGIN - notes.length * 14, y + 16);
  for (const line of notes) {
    doc.text(line, LEFT, footY, { width: WIDTH, lineBreak: false });
    footY += 14;
  }

  doc.end();
  return done;
}

/** Label and value rows with a rule under each, in the receipt's one size; returns the y below the last. */
function table(
  doc: PDFKit.PDFDocument,
  top: number,
  rows: [string, string][],
  { labelWidth = 150, valueAlign = 'left' }: { labelWidth?: number; valueAlign?: 'left' | 'right' } = {},
): number {
  return ruledRows(doc, FRAME, top, rows, { labelWidth, labelSize: 10.5, valueAlign, gap: 5 });
}
