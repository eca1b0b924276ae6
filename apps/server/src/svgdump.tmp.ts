import { writeFileSync, mkdirSync } from 'node:fs';
import { OPTIONS } from './seed/catalog-data.ts';
import { renderImage, themeForCaption } from './modules/catalog/images.ts';
mkdirSync('/tmp/svgs', { recursive: true });
const cells: string[] = [];
const pick = process.argv[2] === 'op1' ? OPTIONS.filter((o) => o.opcd === 'OP0001') : OPTIONS;
for (const o of pick) {
  const n = process.argv[2] === 'op1' ? o.images.length : 1;
  for (let seq = 1; seq <= n; seq++) {
    const svg = renderImage({ theme: seq === 1 ? o.theme : themeForCaption(o.images[seq - 1] ?? "", o.theme), title: o.short, subtitle: o.images[seq - 1] ?? '', seed: `${o.opcd}-${seq}` }, seq);
    writeFileSync(`/tmp/svgs/${o.opcd}-${seq}.svg`, svg);
    cells.push(`<figure><img src="${o.opcd}-${seq}.svg"><figcaption>${o.opcd} ${o.theme}</figcaption></figure>`);
  }
}
writeFileSync('/tmp/svgs/index.html', `<html><body style="margin:0;display:grid;grid-template-columns:repeat(6,1fr);gap:4px;font:10px sans-serif">${cells.join('')}<style>img{width:100%}figure{margin:0}</style></body></html>`);
