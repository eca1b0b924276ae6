// Prints the JavaScript a first visit to each page must load before it renders (the entry, the page's
// lazy route chunk, React DOM and their static imports), gzipped, from Vite's manifest. Target for `/`: 150 KB.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ?? path.join(root, 'apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = 'index.html';
const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

const routes = {
  '/': 'src/app/routes/index.tsx',
  '/detail': 'src/app/routes/detail.tsx',
  '/reservation/member': 'src/app/routes/reservation-member.tsx',
  '/reservation/check': 'src/app/routes/reservation-check.tsx',
  '/login': 'src/app/routes/login.tsx',
  '/mypage': 'src/app/routes/mypage.tsx',
  '/coopon': 'src/app/routes/coupons.tsx',
};
// A route module that is also imported by another chunk gets a shared key; find it by its source.
const routeKey = (src) =>
  Object.keys(manifest).find((key) => key === src || manifest[key].src === src) ??
  (manifest[entryKey].dynamicImports ?? []).find((key) => manifest[key]?.name === path.basename(src, '.tsx'));

// React DOM, which the entry imports in a task of its own (main.tsx), is part of every page's first load.
const reactDomKey = 'src/app/react-dom-client.ts';
if (!manifest[reactDomKey]) throw new Error(`${reactDomKey} is not a chunk of the build`);

console.log('Initial JavaScript per route (gzipped):');
let rootKb = 0;
for (const [route, src] of Object.entries(routes)) {
  const key = routeKey(src);
  const files = [...closure([entryKey, reactDomKey, key])]
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith('.js'));
  const kb = files.reduce((sum, file) => sum + gz(file), 0) / 1024;
  if (route === '/') rootKb = kb;
  console.log(`  ${route.padEnd(22)} ${kb.toFixed(1).padStart(6)} KB`);
}
console.log(rootKb <= 150 ? `  / is within the 150 KB budget.` : `  WARNING: / exceeds the 150 KB budget.`);
