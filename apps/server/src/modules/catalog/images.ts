/**
 * Demo images made by the project (DESIGN §2: no downloads): landscape SVGs drawn deterministically from
 * an option code and image number, so the same URL always yields the same picture.
 */

import { escapeHtml } from '@tabi/contract/html';
import { hashText, seededRandom } from '../../seeded-random.ts';

export const IMAGE_THEMES = [
  'city',
  'night',
  'snow',
  'temple',
  'sea',
  'mountain',
  'onsen',
  'food',
  'forest',
  'lake',
  'flower',
  'castle',
  'village',
] as const;
export type ImageTheme = (typeof IMAGE_THEMES)[number];

export interface ImageSpec {
  theme: ImageTheme;
  /** The picture's accessible name (the option's short name). */
  title: string;
  seed: string;
}

export const DEMO_IMAGE_WIDTH = 1200;
export const DEMO_IMAGE_HEIGHT = 800;
const W = DEMO_IMAGE_WIDTH;
const H = DEMO_IMAGE_HEIGHT;

type TimeOfDay = 'morning' | 'day' | 'sunset' | 'dusk' | 'night';

interface Palette {
  sky: [string, string, string];
  sun: string;
  far: string;
  mid: string;
  near: string;
  water: [string, string];
  ground: string;
  light: boolean;
}

const PALETTES: Record<TimeOfDay, Palette> = {
  morning: {
    sky: ['#8ec5fc', '#c3e4fb', '#fde7d4'],
    sun: '#fff4c2',
    far: '#9fb8d6',
    mid: '#6f93b8',
    near: '#3f6f8f',
    water: ['#7fb6d9', '#2f6f9a'],
    ground: '#5b8f5a',
    light: false,
  },
  day: {
    sky: ['#3d8bd9', '#78b7ec', '#d6ecfb'],
    sun: '#fffbe0',
    far: '#8fb2d1',
    mid: '#4f86a8',
    near: '#2d5f6f',
    water: ['#4aa3d8', '#145a8a'],
    ground: '#4f8a3c',
    light: false,
  },
  sunset: {
    sky: ['#3b2f6b', '#e2677a', '#fbb56b'],
    sun: '#ffd27a',
    far: '#a0628a',
    mid: '#6d3f6e',
    near: '#3a2447',
    water: ['#e0857a', '#3a2a5a'],
    ground: '#3d2b3f',
    light: true,
  },
  dusk: {
    sky: ['#141e46', '#3d4f8f', '#e69a7a'],
    sun: '#ffe3b0',
    far: '#4d5a8a',
    mid: '#2f3a68',
    near: '#1a2046',
    water: ['#4a5a96', '#10163a'],
    ground: '#1f2a3a',
    light: true,
  },
  night: {
    sky: ['#050a1f', '#13204a', '#2c3f7a'],
    sun: '#f4f1d0',
    far: '#1e2a55',
    mid: '#141c3d',
    near: '#0a0f26',
    water: ['#1b2a5c', '#050814'],
    ground: '#0b1020',
    light: true,
  },
};

function timeOfDay(theme: ImageTheme, seq: number): TimeOfDay {
  if (theme === 'night') return seq % 3 === 2 ? 'dusk' : 'night';
  const cycle: TimeOfDay[] =
    theme === 'snow' || theme === 'flower' || theme === 'forest'
      ? ['day', 'morning', 'day', 'sunset']
      : ['day', 'sunset', 'morning', 'dusk', 'day', 'night'];
  return cycle[(seq - 1) % cycle.length] ?? 'day';
}

/** A ridge line across the picture as a closed polygon down to the bottom edge. */
function ridge(rand: () => number, base: number, amplitude: number, steps: number): string {
  const points: string[] = [`0,${H}`];
  for (let i = 0; i <= steps; i++) {
    const x = (W / steps) * i;
    const y = base - rand() * amplitude;
    points.push(`${x.toFixed(0)},${y.toFixed(0)}`);
  }
  points.push(`${W},${H}`);
  return points.join(' ');
}

function smoothHills(rand: () => number, base: number, amplitude: number): string {
  let d = `M0 ${H} L0 ${base}`;
  const n = 4;
  for (let i = 0; i < n; i++) {
    const x0 = (W / n) * i;
    const x1 = (W / n) * (i + 1);
    const cy = base - amplitude * (0.4 + rand() * 0.8);
    d += ` Q${((x0 + x1) / 2).toFixed(0)} ${cy.toFixed(0)} ${x1.toFixed(0)} ${(base - rand() * amplitude * 0.3).toFixed(0)}`;
  }
  return `${d} L${W} ${H} Z`;
}

function skyDecor(rand: () => number, tod: TimeOfDay, p: Palette): string {
  const out: string[] = [];
  const sunX = 200 + rand() * 800;
  const sunY = tod === 'sunset' ? 430 : tod === 'dusk' ? 470 : 140 + rand() * 120;
  if (tod === 'night' || tod === 'dusk') {
    for (let i = 0; i < 70; i++) {
      const r = rand() * 1.8 + 0.4;
      out.push(
        `<circle cx="${(rand() * W).toFixed(0)}" cy="${(rand() * 380).toFixed(0)}" r="${r.toFixed(1)}" fill="#fff" opacity="${(0.4 + rand() * 0.6).toFixed(2)}"/>`,
      );
    }
  }
  if (tod === 'night') {
    out.push(`<circle cx="${sunX.toFixed(0)}" cy="130" r="80" fill="url(#glow)"/>`);
    out.push(`<circle cx="${sunX.toFixed(0)}" cy="130" r="38" fill="${p.sun}"/>`);
    out.push(`<circle cx="${(sunX + 16).toFixed(0)}" cy="120" r="34" fill="${p.sky[0]}" opacity="0.9"/>`);
  } else {
    out.push(`<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="190" fill="url(#glow)"/>`);
    out.push(`<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="56" fill="${p.sun}" opacity="0.95"/>`);
  }
  if (tod === 'day' || tod === 'morning') {
    for (let i = 0; i < 4; i++) {
      const cx = rand() * W;
      const cy = 80 + rand() * 200;
      const s = 0.6 + rand() * 0.9;
      out.push(
        `<g fill="#fff" opacity="${(0.55 + rand() * 0.3).toFixed(2)}"><ellipse cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" rx="${(90 * s).toFixed(0)}" ry="${(26 * s).toFixed(0)}"/><ellipse cx="${(cx + 50 * s).toFixed(0)}" cy="${(cy - 18 * s).toFixed(0)}" rx="${(60 * s).toFixed(0)}" ry="${(30 * s).toFixed(0)}"/><ellipse cx="${(cx - 45 * s).toFixed(0)}" cy="${(cy - 8 * s).toFixed(0)}" rx="${(50 * s).toFixed(0)}" ry="${(22 * s).toFixed(0)}"/></g>`,
      );
    }
  }
  return out.join('');
}

function mountains(rand: () => number, p: Palette, snowCaps: boolean): string {
  const out: string[] = [];
  out.push(`<polygon points="${ridge(rand, 470, 170, 9)}" fill="${p.far}" opacity="0.85"/>`);
  // One great cone, Fuji-like, somewhere across the picture.
  const cx = 250 + rand() * 700;
  const top = 170 + rand() * 60;
  const half = 380;
  out.push(
    `<polygon points="${cx - half},560 ${cx - 40},${top} ${cx + 40},${top} ${cx + half},560" fill="url(#peak)"/>`,
  );
  if (snowCaps) {
    const y = top + 90;
    out.push(
      `<polygon points="${cx - 40},${top} ${cx + 40},${top} ${cx + 128},${y} ${cx + 80},${y - 18} ${cx + 40},${y + 8} ${cx},${y - 22} ${cx - 44},${y + 10} ${cx - 84},${y - 14} ${cx - 128},${y}" fill="#f7fbff"/>`,
    );
  }
  out.push(`<polygon points="${ridge(rand, 600, 120, 7)}" fill="${p.mid}"/>`);
  return out.join('');
}

function trees(rand: () => number, count: number, y: number, color: string, snowy: boolean): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = rand() * W;
    const h = 60 + rand() * 90;
    const w = h * 0.45;
    const by = y + rand() * 60;
    out.push(`<polygon points="${x},${by - h} ${x - w},${by} ${x + w},${by}" fill="${color}"/>`);
    if (snowy) {
      out.push(
        `<polygon points="${x},${by - h} ${x - w * 0.35},${by - h * 0.62} ${x + w * 0.35},${by - h * 0.62}" fill="#f4f8ff"/>`,
      );
    }
  }
  return out.join('');
}

function water(horizon: number, rand: () => number, sunlit: boolean): string {
  const out: string[] = [`<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#water)"/>`];
  for (let i = 0; i < 14; i++) {
    const y = horizon + 12 + i * ((H - horizon) / 14);
    const x = rand() * W;
    const w = 60 + rand() * 220;
    out.push(
      `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(0)}" height="3" rx="1.5" fill="#fff" opacity="${sunlit ? '0.35' : '0.18'}"/>`,
    );
  }
  return out.join('');
}

function skyline(rand: () => number, p: Palette, base: number, lit: boolean): string {
  const out: string[] = [];
  let x = -20;
  while (x < W) {
    const w = 50 + rand() * 80;
    const h = 90 + rand() * 260;
    const color = rand() > 0.5 ? p.near : p.mid;
    out.push(
      `<rect x="${x.toFixed(0)}" y="${(base - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${color}"/>`,
    );
    for (let wy = base - h + 14; wy < base - 12; wy += 22) {
      for (let wx = x + 8; wx < x + w - 10; wx += 16) {
        if (rand() > (lit ? 0.45 : 0.8)) {
          out.push(
            `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="7" height="10" fill="${lit ? '#ffd97a' : '#cfe3f3'}" opacity="${lit ? '0.9' : '0.55'}"/>`,
          );
        }
      }
    }
    x += w + 4;
  }
  // A tall tower with a spire.
  const tx = 200 + rand() * 800;
  out.push(
    `<polygon points="${tx - 26},${base} ${tx - 8},${base - 420} ${tx + 8},${base - 420} ${tx + 26},${base}" fill="${p.near}"/>`,
  );
  out.push(`<rect x="${tx - 20}" y="${base - 330}" width="40" height="18" rx="6" fill="${p.mid}"/>`);
  out.push(`<line x1="${tx}" y1="${base - 420}" x2="${tx}" y2="${base - 500}" stroke="${p.near}" stroke-width="5"/>`);
  if (lit) out.push(`<circle cx="${tx}" cy="${base - 500}" r="5" fill="#ff5a5a"/>`);
  return out.join('');
}

function torii(x: number, y: number, s: number): string {
  const red = '#d2352b';
  return `<g fill="${red}"><rect x="${x - 110 * s}" y="${y - 250 * s}" width="${220 * s}" height="${20 * s}" rx="${6 * s}"/><rect x="${x - 90 * s}" y="${y - 215 * s}" width="${180 * s}" height="${14 * s}"/><rect x="${x - 76 * s}" y="${y - 235 * s}" width="${18 * s}" height="${235 * s}"/><rect x="${x + 58 * s}" y="${y - 235 * s}" width="${18 * s}" height="${235 * s}"/></g><rect x="${x - 126 * s}" y="${y - 262 * s}" width="${252 * s}" height="${14 * s}" rx="${7 * s}" fill="#2a1a1a"/>`;
}

function pagoda(x: number, y: number, s: number, color: string): string {
  const out: string[] = [];
  for (let i = 0; i < 5; i++) {
    const w = (150 - i * 20) * s;
    const ty = y - i * 62 * s;
    out.push(
      `<rect x="${x - w * 0.32}" y="${ty - 40 * s}" width="${w * 0.64}" height="${40 * s}" fill="${color}" opacity="0.85"/>`,
    );
    out.push(
      `<polygon points="${x - w},${ty - 36 * s} ${x + w},${ty - 36 * s} ${x + w * 0.55},${ty - 62 * s} ${x - w * 0.55},${ty - 62 * s}" fill="${color}"/>`,
    );
  }
  out.push(`<rect x="${x - 3 * s}" y="${y - 400 * s}" width="${6 * s}" height="${90 * s}" fill="${color}"/>`);
  return out.join('');
}

function castle(x: number, y: number, s: number): string {
  const wall = '#f6f4ee';
  const roof = '#3b4a5a';
  const out: string[] = [
    `<polygon points="${x - 200 * s},${y} ${x + 200 * s},${y} ${x + 160 * s},${y - 90 * s} ${x - 160 * s},${y - 90 * s}" fill="#7d7468"/>`,
  ];
  const tiers = [
    [150, 70],
    [115, 60],
    [85, 55],
    [60, 50],
  ] as const;
  let ty = y - 90 * s;
  for (const [w, h] of tiers) {
    out.push(
      `<rect x="${x - w * 0.75 * s}" y="${ty - h * s}" width="${w * 1.5 * s}" height="${h * s}" fill="${wall}"/>`,
    );
    out.push(
      `<polygon points="${x - w * s},${ty - h * s + 8 * s} ${x + w * s},${ty - h * s + 8 * s} ${x + w * 0.6 * s},${ty - h * s - 22 * s} ${x - w * 0.6 * s},${ty - h * s - 22 * s}" fill="${roof}"/>`,
    );
    ty -= (h + 22) * s;
  }
  return out.join('');
}

function gassho(x: number, y: number, s: number, snowy: boolean): string {
  return `<g><rect x="${x - 70 * s}" y="${y - 60 * s}" width="${140 * s}" height="${60 * s}" fill="#6b4a30"/><rect x="${x - 20 * s}" y="${y - 48 * s}" width="${16 * s}" height="${18 * s}" fill="#ffd98a"/><rect x="${x + 12 * s}" y="${y - 48 * s}" width="${16 * s}" height="${18 * s}" fill="#ffd98a"/><polygon points="${x - 95 * s},${y - 50 * s} ${x},${y - 210 * s} ${x + 95 * s},${y - 50 * s}" fill="${snowy ? '#f3f7fc' : '#8a6a3a'}"/><polygon points="${x - 60 * s},${y - 80 * s} ${x},${y - 180 * s} ${x + 60 * s},${y - 80 * s}" fill="${snowy ? '#dfe8f3' : '#a07c45'}" opacity="0.8"/></g>`;
}

function steam(x: number, y: number, rand: () => number): string {
  const out: string[] = [];
  for (let i = 0; i < 4; i++) {
    const sx = x + (i - 1.5) * 40 + rand() * 10;
    out.push(
      `<path d="M${sx} ${y} C${sx - 30} ${y - 40}, ${sx + 30} ${y - 80}, ${sx} ${y - 120} S${sx - 20} ${y - 180}, ${sx + 5} ${y - 220}" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.45"/>`,
    );
  }
  return out.join('');
}

function scene(theme: ImageTheme, rand: () => number, p: Palette, tod: TimeOfDay): string {
  const lit = tod === 'night' || tod === 'dusk';
  switch (theme) {
    case 'mountain':
      return `${mountains(rand, p, true)}<path d="${smoothHills(rand, 680, 80)}" fill="${p.ground}"/>${trees(rand, 14, 690, p.near, false)}`;
    case 'snow':
      return `${mountains(rand, { ...p, mid: '#dde7f2', far: '#b9cbe0' }, true)}<path d="${smoothHills(rand, 650, 90)}" fill="#f5f9ff"/>${trees(rand, 16, 640, '#2f5a4a', true)}${Array.from(
        { length: 60 },
        () =>
          `<circle cx="${(rand() * W).toFixed(0)}" cy="${(rand() * H).toFixed(0)}" r="${(rand() * 3 + 1).toFixed(1)}" fill="#fff" opacity="0.8"/>`,
      ).join('')}`;
    case 'sea': {
      const islands = Array.from({ length: 3 }, () => {
        const x = rand() * W;
        const w = 80 + rand() * 160;
        return `<path d="M${x - w} 500 Q${x} ${420 - rand() * 60} ${x + w} 500 Z" fill="${p.mid}"/>`;
      }).join('');
      return `${islands}${water(500, rand, !lit)}<path d="M0 ${H} L0 700 Q300 660 600 700 T1200 690 L1200 ${H} Z" fill="#f1dfb8"/>`;
    }
    case 'lake':
      return `${mountains(rand, p, tod !== 'sunset')}${water(560, rand, !lit)}<g transform="translate(0 1120) scale(1 -1)" opacity="0.25"><polygon points="${ridge(rand, 600, 120, 7)}" fill="${p.mid}"/></g>${trees(rand, 8, 740, p.near, false)}`;
    case 'city':
      return `<polygon points="${ridge(rand, 520, 80, 6)}" fill="${p.far}" opacity="0.6"/>${skyline(rand, p, 640, lit)}${water(640, rand, !lit)}`;
    case 'night':
      return `${skyline(rand, PALETTES.night, 620, true)}${water(620, rand, false)}${Array.from(
        { length: 12 },
        (_, i) =>
          `<rect x="${(i * 100 + rand() * 40).toFixed(0)}" y="${(640 + rand() * 120).toFixed(0)}" width="${(30 + rand() * 60).toFixed(0)}" height="4" fill="#ffd97a" opacity="0.5"/>`,
      ).join('')}`;
    case 'temple': {
      const x = 300 + rand() * 600;
      return `<path d="${smoothHills(rand, 560, 140)}" fill="${p.far}"/>${pagoda(x + 180, 640, 0.9, p.near)}<path d="${smoothHills(rand, 680, 40)}" fill="${p.ground}"/>${torii(x - 120, 760, 1)}${trees(rand, 6, 700, p.near, false)}`;
    }
    case 'castle': {
      const x = 350 + rand() * 500;
      return `<path d="${smoothHills(rand, 580, 100)}" fill="${p.far}"/>${castle(x, 640, 1.2)}<path d="${smoothHills(rand, 700, 30)}" fill="${p.ground}"/>${Array.from(
        { length: 18 },
        () =>
          `<circle cx="${(rand() * W).toFixed(0)}" cy="${(690 + rand() * 60).toFixed(0)}" r="${(24 + rand() * 30).toFixed(0)}" fill="#f4b6c8" opacity="0.85"/>`,
      ).join('')}`;
    }
    case 'village': {
      const snowy = rand() > 0.4;
      return `${mountains(rand, p, true)}<path d="${smoothHills(rand, 660, 50)}" fill="${snowy ? '#eef3fa' : p.ground}"/>${[
        0, 1, 2, 3,
      ]
        .map((i) => gassho(160 + i * 290 + rand() * 60, 720 + rand() * 30, 0.8 + rand() * 0.4, snowy))
        .join('')}`;
    }
    case 'onsen':
      return `${mountains(rand, p, false)}<ellipse cx="600" cy="700" rx="560" ry="110" fill="url(#water)"/>${Array.from(
        { length: 14 },
        (_, i) =>
          `<ellipse cx="${(i * 90 + rand() * 30).toFixed(0)}" cy="${(620 + rand() * 20).toFixed(0)}" rx="${(50 + rand() * 30).toFixed(0)}" ry="${(28 + rand() * 12).toFixed(0)}" fill="#6d6a66"/>`,
      ).join('')}${steam(600, 680, rand)}${trees(rand, 6, 560, p.near, false)}`;
    case 'food':
      return `<rect x="0" y="520" width="${W}" height="${H - 520}" fill="#8a5a34"/><rect x="0" y="520" width="${W}" height="18" fill="#6b4226"/><ellipse cx="600" cy="640" rx="300" ry="70" fill="#2b2b2b" opacity="0.35"/><path d="M330 560 Q600 820 870 560 Z" fill="#b3261e"/><ellipse cx="600" cy="560" rx="270" ry="46" fill="#f6e7c8"/>${Array.from(
        { length: 9 },
        () =>
          `<ellipse cx="${(420 + rand() * 360).toFixed(0)}" cy="${(552 + rand() * 16).toFixed(0)}" rx="${(28 + rand() * 26).toFixed(0)}" ry="12" fill="${['#f28c28', '#e4572e', '#f3c14b', '#76b041', '#fafafa'][Math.floor(rand() * 5)]}"/>`,
      ).join(
        '',
      )}<rect x="860" y="470" width="12" height="240" rx="6" fill="#d9b27c" transform="rotate(28 866 590)"/><rect x="890" y="470" width="12" height="240" rx="6" fill="#d9b27c" transform="rotate(32 896 590)"/>${steam(600, 520, rand)}${[
        140, 1060,
      ]
        .map(
          (x) =>
            `<g><line x1="${x}" y1="0" x2="${x}" y2="120" stroke="#333" stroke-width="3"/><ellipse cx="${x}" cy="190" rx="62" ry="80" fill="#e8433b"/><rect x="${x - 40}" y="104" width="80" height="14" fill="#222"/><rect x="${x - 40}" y="262" width="80" height="14" fill="#222"/></g>`,
        )
        .join('')}`;
    case 'forest':
      return `<path d="${smoothHills(rand, 540, 120)}" fill="${p.far}"/>${trees(rand, 22, 560, p.mid, false)}<path d="M520 ${H} C560 700 700 660 640 560 L700 560 C780 660 660 720 760 ${H} Z" fill="url(#water)"/>${trees(rand, 16, 680, p.near, false)}`;
    case 'flower': {
      const hills = `<path d="${smoothHills(rand, 560, 110)}" fill="#7fae5a"/>`;
      const rows = Array.from({ length: 9 }, (_, i) => {
        const y = 600 + i * 24;
        const color = ['#8e6bbf', '#a07fd0', '#f2c94c', '#e76f7e'][i % 4];
        return `<path d="M0 ${y + 20} Q600 ${y - 30} 1200 ${y + 20} L1200 ${y + 34} Q600 ${y - 16} 0 ${y + 34} Z" fill="${color}"/>`;
      }).join('');
      return `${mountains(rand, p, false)}${hills}${rows}${trees(rand, 3, 560, '#2f5a3a', false)}`;
    }
  }
}

/**
 * The widths of a demo picture's raster twins (`/images/OP0001-1-480.webp`): what the pages load, as they load
 * an uploaded photo's WebP variants. A browser draws an SVG scene on its main thread (tens of milliseconds each
 * on a phone); a WebP is decoded off it.
 */
export const DEMO_RASTER_WIDTHS = [160, 480, 960] as const;

/**
 * The picture as an SVG document: a scene, with nothing written on it (the pages show the option's name beside
 * it, and the WebP twins are drawn on a server that need not have Japanese fonts); its title is its accessible name.
 */
export function renderImage(spec: ImageSpec, seq: number): string {
  const rand = seededRandom(hashText(spec.seed));
  const tod = timeOfDay(spec.theme, seq);
  const p = PALETTES[tod];
  const title = escapeHtml(spec.title);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${title}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="0.55" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[2]}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${p.sun}" stop-opacity="0.7"/><stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient>
<linearGradient id="peak" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.mid}"/><stop offset="1" stop-color="${p.near}"/></linearGradient>
<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.water[0]}"/><stop offset="1" stop-color="${p.water[1]}"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
${skyDecor(rand, tod, p)}
${scene(spec.theme, rand, p, tod)}
</svg>`;
}

/** `/images/OP0001-3.svg` → the option code and image number. */
export function parseImageName(name: string): { code: string; seq: number } | null {
  const match = /^([A-Za-z0-9_]{1,20})-(\d{1,3})\.svg$/.exec(name);
  if (!match) return null;
  const seq = Number(match[2]);
  if (seq < 1) return null;
  return { code: match[1] ?? '', seq };
}

/** `/images/OP0001-3-480.webp` → the option code, image number and width of a raster twin. */
export function parseRasterName(name: string): { code: string; seq: number; width: number } | null {
  const match = /^(.+)-(\d+)\.webp$/.exec(name);
  const width = Number(match?.[2]);
  if (!match || !DEMO_RASTER_WIDTHS.some((w) => w === width)) return null;
  const picture = parseImageName(`${match[1]}.svg`);
  return picture && { ...picture, width };
}

/** The `srcset` of a demo picture's raster twins, or '' for an address that is not a demo picture's. */
export function demoSrcset(image: string): string {
  const name = image.startsWith('/images/') ? image.slice('/images/'.length) : '';
  if (!parseImageName(name)) return '';
  const stem = name.slice(0, -'.svg'.length);
  return DEMO_RASTER_WIDTHS.map((w) => `/images/${stem}-${w}.webp ${w}w`).join(', ');
}

export function imagePath(opcd: string, seq: number): string {
  return `/images/${opcd}-${seq}.svg`;
}

/** A theme for codes the seed does not know, so any option still gets a picture. */
export function fallbackTheme(code: string): ImageTheme {
  return IMAGE_THEMES[hashText(code) % IMAGE_THEMES.length] ?? 'mountain';
}
