import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { renderImage, type ImageTheme } from '/work/wt-photos/apps/server/src/modules/catalog/images.ts';
import { DEMO_PICTURES } from '/work/wt-photos/apps/server/src/modules/catalog/demo-pictures.ts';
const themes: Record<string, ImageTheme[]> = JSON.parse(readFileSync('/tmp/photos-themes.json', 'utf8'));
const cells: { label: string; svg: string }[] = [];
for (const [code, list] of Object.entries(themes)) {
  const title = (DEMO_PICTURES as Record<string, { title: string }>)[code]!.title;
  list.forEach((theme, i) => cells.push({ label: `${code}-${i + 1} ${theme}`, svg: renderImage({ theme, title, seed: `${code}-${i + 1}` }, i + 1) }));
}
const CW = 420, CH = 300, COLS = 3, ROWS = 3;
const per = COLS * ROWS;
for (let s = 0; s * per < cells.length; s++) {
  const comps = [];
  for (let k = 0; k < per; k++) {
    const c = cells[s * per + k];
    if (!c) break;
    const png = await sharp(Buffer.from(c.svg)).resize(CW, 280).png().toBuffer();
    const x = (k % COLS) * CW, y = Math.floor(k / COLS) * CH;
    comps.push({ input: png, left: x, top: y });
    comps.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${CW}" height="20"><rect width="${CW}" height="20" fill="#fff"/><text x="4" y="15" font-size="15" font-family="sans-serif">${c.label}</text></svg>`), left: x, top: y + 280 });
  }
  await sharp({ create: { width: CW * COLS, height: CH * ROWS, channels: 3, background: '#ccc' } }).composite(comps).png().toFile(`/tmp/shots-photos/demo/sheet-${String(s).padStart(2, '0')}.png`);
}
console.log(cells.length);
