/**
 * For the tests: the text of a PDF that pdfkit wrote, read back without a PDF library. pdfkit writes each
 * run of text as glyph ids (`[<0001 0002> 0] TJ` after `/F1 12 Tf`) and each embedded font with a ToUnicode
 * map (`<0000> <00ff> [<…> <…>]` ranges); this inflates the streams, reads the maps and the page's font names,
 * and turns every run back into characters, one string per run, in drawing order.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const found = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\b/g;
  let match = header.exec(text);
  while (match) {
    const num = Number(match[1]);
    const from = match.index + match[0].length;
    const end = text.indexOf('endobj', from);
    const streamAt = text.indexOf('stream', from);
    if (streamAt < 0 || (end >= 0 && streamAt > end)) {
      found.set(num, { dict: text.slice(from, end), stream: null });
      header.lastIndex = end;
    } else {
      // The stream is read by its /Length, never by searching for its end (its bytes may hold anything).
      const dict = text.slice(from, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
      let start = streamAt + 'stream'.length;
      if (text[start] === '\r') start += 1;
      if (text[start] === '\n') start += 1;
      const raw = pdf.subarray(start, start + length);
      found.set(num, { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
      header.lastIndex = text.indexOf('endobj', start + length);
    }
    match = header.exec(text);
  }
  return found;
}

/** glyph id (4 hex digits) → the characters it stands for. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]{4})> \[([^\]]*)\]/gi)) {
    const first = Number.parseInt(range[1] ?? '0', 16);
    const values = [...(range[3] ?? '').matchAll(/<([0-9a-f ]+)>/gi)].map((v) =>
      String.fromCharCode(...(v[1] ?? '').split(' ').map((h) => Number.parseInt(h, 16))),
    );
    values.forEach((value, i) => {
      map.set((first + i).toString(16).padStart(4, '0'), value);
    });
  }
  return map;
}

/** The text runs of every page, in order. */
export function pdfTextRuns(pdf: Buffer): string[] {
  const all = objects(pdf);
  const ref = (dict: string, key: string) => {
    const m = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
    return m ? Number(m[1]) : null;
  };
  const runs: string[] = [];
  for (const page of all.values()) {
    if (!/\/Type \/Page\b/.test(page.dict)) continue;
    // The page's fonts: /F1 7 0 R … in its resources (inline or referenced).
    const resourcesRef = ref(page.dict, 'Resources');
    const resources = resourcesRef === null ? page.dict : (all.get(resourcesRef)?.dict ?? '');
    const fontBlock = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    const maps = new Map<string, Map<string, string>>();
    for (const [, name, num] of fontBlock.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = all.get(Number(num));
      const cmapRef = font ? ref(font.dict, 'ToUnicode') : null;
      const cmap = cmapRef === null ? undefined : all.get(cmapRef)?.stream;
      if (name && cmap) maps.set(name, toUnicode(cmap.toString('latin1')));
    }
    const contentRef = ref(page.dict, 'Contents');
    const content = contentRef === null ? undefined : all.get(contentRef)?.stream?.toString('latin1');
    if (!content) continue;
    let current = new Map<string, string>();
    for (const op of content.matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (op[1]) {
        current = maps.get(op[1]) ?? new Map();
        continue;
      }
      let run = '';
      for (const [, hex] of (op[2] ?? '').matchAll(/<([0-9a-f]*)>/gi)) {
        for (let i = 0; i + 4 <= (hex ?? '').length; i += 4) run += current.get((hex ?? '').slice(i, i + 4)) ?? '�';
      }
      runs.push(run);
    }
  }
  return runs;
}

/** The PDF's text as one string (runs joined by new lines). */
export function pdfText(pdf: Buffer): string {
  return pdfTextRuns(pdf).join('\n');
}

/** How many pages the PDF has. */
export function pdfPageCount(pdf: Buffer): number {
  return [...objects(pdf).values()].filter((o) => /\/Type \/Page\b/.test(o.dict)).length;
}
