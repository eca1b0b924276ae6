/**
 * The ticket as an A4 PDF to print (ADR 0214), drawn with pdfkit in Noto Sans JP as the receipt is (ADR 0163: the
 * font comes from an npm package, and only the glyphs used are embedded). The QR code is drawn as vector squares, so
 * it prints sharp at any size; the labels are Japanese with English beside them.
 */
import QRCode from 'qrcode';
import { A4, a4Frame, INK, MUTED, ruledRows, startJapanesePdf } from '../../pdf/japanese-pdf.ts';
import type { TicketView } from './view.ts';

const MARGIN = 48;
const FRAME = a4Frame(MARGIN);
const { left: LEFT, right: RIGHT, width: WIDTH } = FRAME;
/** The QR code's side with its quiet zone: about 9 cm, read easily from a sheet held at arm's length. */
const QR_SIDE = 250;
/** Modules of light margin around the code, as the standard asks. */
const QUIET_ZONE = 4;

export const TICKET_NOTES = [
  'ご利用当日は、集合場所の受付でこのQRコードを係員にお見せください（印刷したものでもスマートフォンの画面でも構いません）。',
  'QRコードはご予約ごとに1つです。ご参加の皆さまでご一緒に受付へお越しください。',
  '読み取れない場合は、予約番号をお伝えください。',
  'Please show this QR code at reception on the day, printed or on your phone.',
];

/** Renders the ticket; resolves to the PDF's bytes. */
export function renderTicketPdf(view: TicketView): Promise<Buffer> {
  const { doc, done } = startJapanesePdf({
    margin: MARGIN,
    ink: INK,
    info: { Title: `チケット ${view.rsvno}`, Author: view.issuer.companyName, Subject: view.lines[0]?.name ?? '' },
  });

  // The issuer above, the title and the booking number under it.
  doc.font('jp').fontSize(10).fillColor(MUTED).text(view.issuer.companyName, LEFT, MARGIN, { width: WIDTH });
  doc
    .font('jp-bold')
    .fontSize(26)
    .fillColor(INK)
    .text('チケット', LEFT, MARGIN + 20, { lineBreak: false });
  const titleWidth = doc.widthOfString('チケット');
  doc.font('jp').fontSize(12).fillColor(MUTED);
  doc.text('Ticket', LEFT + titleWidth + 10, MARGIN + 34, { lineBreak: false });
  doc
    .font('jp')
    .fontSize(10)
    .text('予約番号 Booking No.', LEFT, MARGIN + 22, { width: WIDTH, align: 'right' });
  doc
    .font('jp-bold')
    .fontSize(20)
    .fillColor(INK)
    .text(view.rsvno, LEFT, MARGIN + 36, { width: WIDTH, align: 'right' });
  const underTitle = MARGIN + 70;
  doc.lineWidth(1.2).moveTo(LEFT, underTitle).lineTo(RIGHT, underTitle).stroke();

  // The QR code, centred, and what to do with it.
  const qrTop = underTitle + 22;
  drawQr(doc, view.code, LEFT + (WIDTH - QR_SIDE) / 2, qrTop, QR_SIDE);
  doc.font('jp-bold').fontSize(12).fillColor(INK);
  doc.text('受付でこのQRコードをお見せください', LEFT, qrTop + QR_SIDE + 10, { width: WIDTH, align: 'center' });
  doc.font('jp').fontSize(9.5).fillColor(MUTED);
  doc.text('Show this QR code at reception', { width: WIDTH, align: 'center' });

  // The facts: each option with its day and start time, the meeting point, the travellers.
  const rows: [string, string][] = [];
  view.lines.forEach((line, i) => {
    const nth = view.lines.length > 1 ? ` (${i + 1})` : '';
    rows.push([`ご利用内容${nth}\nOption`, line.name]);
    rows.push([`ご利用日・出発${nth}\nDate / Departure`, line.times ? `${line.date}　${line.times}` : line.date]);
  });
  if (view.meetpoint) rows.push(['集合場所\nMeeting point', view.meetpoint]);
  rows.push([
    `ご参加者（${view.travellers.length}名）\nTravellers`,
    view.travellers.map((name, i) => `${i + 1}. ${name}`).join('\n'),
  ]);
  rows.push(['予約番号\nBooking No.', view.rsvno]);
  let y = ruledRows(doc, FRAME, doc.y + 18, rows, {
    labelWidth: 150,
    labelSize: 9.5,
    valueFont: { name: 'jp-bold', size: 12 },
    gap: 6,
    ruleAbove: true,
  });

  // The notes, at the foot of the page or under the facts when many options reach down there.
  doc.font('jp').fontSize(9);
  const noteHeight = TICKET_NOTES.reduce((sum, note) => sum + doc.heightOfString(`※ ${note}`, { width: WIDTH }) + 3, 0);
  const footer = `${view.issuer.companyName}　TEL ${view.issuer.tel}`;
  y = Math.max(y + 16, A4.height - MARGIN - noteHeight - 24);
  doc.fillColor(MUTED);
  for (const note of TICKET_NOTES) {
    doc.text(`※ ${note}`, LEFT, y, { width: WIDTH });
    y = doc.y + 3;
  }
  doc.fontSize(8.5).text(footer, LEFT, y + 8, { width: WIDTH, align: 'right', lineBreak: false });

  doc.end();
  return done;
}

/** The QR code (error correction Q, as on my page) as dark squares on white, its quiet zone included in `side`. */
function drawQr(doc: PDFKit.PDFDocument, code: string, left: number, top: number, side: number): void {
  const { modules } = QRCode.create(code, { errorCorrectionLevel: 'Q' });
  const cell = side / (modules.size + QUIET_ZONE * 2);
  doc.save().rect(left, top, side, side).fill('#ffffff').restore();
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      // A hair wider than the cell, so that no white seam shows between neighbours in any viewer.
      if (modules.get(row, col)) {
        doc.rect(left + (col + QUIET_ZONE) * cell, top + (row + QUIET_ZONE) * cell, cell + 0.05, cell + 0.05);
      }
    }
  }
  doc.fill('#000000');
  doc.fillColor(INK);
}
