/**
 * A mail's content as blocks, rendered twice: as the plain-text part and as the HTML part. The HTML
 * is table-based with inline styles, since mail clients ignore style sheets and most of CSS layout.
 */
import { escapeHtml } from '@tabi/contract/html';
import type { Lang } from '@tabi/contract/i18n';
import { SITE_NAMES } from '@tabi/contract/routes';

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; title: string; rows: [label: string, value: string][] }
  | { kind: 'list'; title: string; items: string[] }
  | { kind: 'link'; text: string; label: string; url: string }
  /** An image attached to the mail (`cid`), with what the text part says instead of it. */
  | { kind: 'image'; title: string; text: string; alt: string; cid: string };

const BRAND = '#0b4f8a';
const TEXT = '#1f2933';
const MUTED = '#5b6673';

/** The header's name: the Japanese one on the Japanese mails, the Latin "Sakura Travel" elsewhere (ADR 0207). */
function brandOf(lang: Lang): string {
  return lang === 'ja' ? 'さくらトラベル' : SITE_NAMES[lang];
}

/**
 * Each language's own system fonts first, as the pages have them (global.css): Han set in a Japanese font reads as
 * Japanese to a Chinese reader, and Hangul is not in the Japanese ones. Korean breaks lines between words.
 */
const BODY_FONT: Record<Lang, string> = {
  ja: "font-family:'Hiragino Sans','Hiragino Kaku Gothic ProN','Noto Sans CJK JP','Noto Sans JP','Yu Gothic',Meiryo,sans-serif",
  en: "font-family:'Hiragino Sans','Hiragino Kaku Gothic ProN','Noto Sans CJK JP','Noto Sans JP','Yu Gothic',Meiryo,sans-serif",
  ko: "font-family:'Apple SD Gothic Neo','Noto Sans CJK KR','Noto Sans KR','Malgun Gothic',sans-serif;word-break:keep-all",
  'zh-Hant': "font-family:'PingFang TC','Noto Sans CJK TC','Noto Sans TC','Microsoft JhengHei',sans-serif",
  'zh-Hans': "font-family:'PingFang SC','Noto Sans CJK SC','Noto Sans SC','Microsoft YaHei',sans-serif",
};

/**
 * The signature as the HTML part shows it: without the text part's rule line (――――), which the HTML draws as a
 * border, and which the Korean and Chinese fonts draw as a row of separate dashes.
 */
function htmlSignature(signature: string): string {
  return signature.replace(/^―+\n/, '');
}

function htmlLines(text: string): string {
  return text.split('\n').map(escapeHtml).join('<br>');
}

/** Labels padded with full-width spaces to the longest, as the text mails always lined them up. */
function padLabels(rows: [string, string][]): string[] {
  const width = Math.max(...rows.map(([label]) => [...label].length));
  return rows.map(([label, value]) => `${label}${'　'.repeat(width - [...label].length)}：${value}`);
}

type TextMarks = { title: (t: string) => string; item: string; facts: (rows: [string, string][]) => string[] };

const FULL_WIDTH: TextMarks = { title: (t) => `■${t}`, item: '・', facts: padLabels };
const ASCII: TextMarks = {
  title: (t) => `== ${t} ==`,
  item: '- ',
  facts: (rows) => rows.map(([label, value]) => `${label}: ${value}`),
};

/**
 * How the text part lines things up: full-width marks where the language is written in full-width characters
 * (Japanese, Chinese; Chinese lists with its own middle dot), plain ASCII in English and Korean.
 */
const TEXT_MARKS: Record<Lang, TextMarks> = {
  ja: FULL_WIDTH,
  en: ASCII,
  ko: ASCII,
  'zh-Hant': { ...FULL_WIDTH, item: '· ' },
  'zh-Hans': { ...FULL_WIDTH, item: '· ' },
};

function blockText(block: MailBlock, lang: Lang): string {
  const marks = TEXT_MARKS[lang];
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'facts':
      return [marks.title(block.title), ...marks.facts(block.rows)].join('\n');
    case 'list':
      return [marks.title(block.title), ...block.items.map((i) => `${marks.item}${i}`)].join('\n');
    case 'link':
      return `${block.text}\n${block.url}`;
    case 'image':
      return [marks.title(block.title), block.text].join('\n');
  }
}

export function renderText(greeting: string, blocks: MailBlock[], signature: string, lang: Lang = 'ja'): string {
  const parts = blocks.map((block) => blockText(block, lang));
  return [greeting, '', ...parts.flatMap((p) => [p, '']), signature, ''].join('\n');
}

function heading(title: string): string {
  return `<h2 style="margin:24px 0 8px;padding:0 0 6px;border-bottom:2px solid ${BRAND};font-size:16px;color:${BRAND}">${escapeHtml(title)}</h2>`;
}

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 14px;line-height:1.7">${htmlLines(block.text)}</p>`;
    case 'facts': {
      const rows = block.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="width:1%;white-space:nowrap;padding:8px 10px;text-align:left;vertical-align:top;background:#f2f6fa;border:1px solid #d5dbe1;font-weight:600;font-size:14px">${escapeHtml(label)}</th><td style="padding:8px 10px;vertical-align:top;border:1px solid #d5dbe1;font-size:14px;overflow-wrap:anywhere">${htmlLines(value)}</td></tr>`,
        )
        .join('');
      return `${heading(block.title)}<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 8px">${rows}</table>`;
    }
    case 'list':
      return `${heading(block.title)}<ul style="margin:0 0 8px;padding-left:20px;line-height:1.7;font-size:14px">${block.items.map((i) => `<li>${htmlLines(i)}</li>`).join('')}</ul>`;
    case 'link':
      return `<p style="margin:20px 0 6px;line-height:1.7">${htmlLines(block.text)}</p><p style="margin:0 0 20px"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 16px;border-radius:8px;background:${BRAND};color:#ffffff;font-size:15px;font-weight:700;text-decoration:none;white-space:nowrap">${escapeHtml(block.label)}</a></p>`;
    case 'image':
      return `${heading(block.title)}<p style="margin:0 0 10px;line-height:1.7;font-size:14px">${htmlLines(block.text)}</p><p style="margin:0 0 8px;text-align:center"><img src="cid:${escapeHtml(block.cid)}" alt="${escapeHtml(block.alt)}" width="240" height="240" style="display:inline-block;width:240px;height:240px;background:#ffffff"></p>`;
  }
}

export function renderHtml(
  subject: string,
  greeting: string,
  blocks: MailBlock[],
  signature: string,
  lang: Lang = 'ja',
): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f7f9;color:${TEXT};${BODY_FONT[lang]}">
<table role="presentation" style="width:100%;border-collapse:collapse;background:#f5f7f9"><tr><td style="padding:16px 8px">
<table role="presentation" style="width:100%;max-width:600px;margin:0 auto;border-collapse:collapse;background:#ffffff;border-radius:10px">
<tr><td style="padding:16px 20px;background:${BRAND};border-radius:10px 10px 0 0;color:#ffffff;font-size:18px;font-weight:700">${escapeHtml(brandOf(lang))}</td></tr>
<tr><td style="padding:20px">
<p style="margin:0 0 14px;font-size:15px">${escapeHtml(greeting)}</p>
${blocks.map(blockHtml).join('\n')}
<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid #d5dbe1;font-size:12px;line-height:1.7;color:${MUTED}">${htmlLines(htmlSignature(signature))}</p>
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
}
