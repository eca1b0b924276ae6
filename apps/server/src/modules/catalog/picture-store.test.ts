import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pictureStore } from './picture-store.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tabi-pictures-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A drawing that counts how often it was drawn. */
function counted(bytes: string) {
  const drawing = {
    count: 0,
    draw: async () => {
      drawing.count += 1;
      return Buffer.from(bytes);
    },
  };
  return drawing;
}

describe('the drawn pictures kept in the data directory', () => {
  it('draws a picture once: a later start reads it from the directory', async () => {
    const dir = dataDir();
    const svg = Buffer.from('<svg>boat</svg>');
    const first = counted('webp-480');
    expect(String(await pictureStore(dir)(svg, 480, first.draw))).toBe('webp-480');
    const later = counted('never');
    expect(String(await pictureStore(dir)(svg, 480, later.draw))).toBe('webp-480');
    expect([first.count, later.count]).toEqual([1, 0]);
    expect(readdirSync(path.join(dir, 'pictures'))).toHaveLength(1);
  });

  it('draws again what changed: another drawing or another width', async () => {
    const store = pictureStore(dataDir());
    const drawing = counted('webp');
    await store(Buffer.from('<svg>boat</svg>'), 480, drawing.draw);
    await store(Buffer.from('<svg>boat</svg>'), 960, drawing.draw);
    await store(Buffer.from('<svg>bus</svg>'), 480, drawing.draw);
    expect(drawing.count).toBe(3);
  });

  it('still answers when the directory cannot be written, and keeps nothing for an in-memory database', async () => {
    const dir = dataDir();
    // A file where the folder should be: nothing can be written under it.
    writeFileSync(path.join(dir, 'pictures'), 'not a folder');
    const drawing = counted('webp');
    expect(String(await pictureStore(dir)(Buffer.from('<svg/>'), 160, drawing.draw))).toBe('webp');
    expect(String(await pictureStore('memory')(Buffer.from('<svg/>'), 160, drawing.draw))).toBe('webp');
    expect(String(await pictureStore('memory')(Buffer.from('<svg/>'), 160, drawing.draw))).toBe('webp');
    expect(drawing.count).toBe(3);
  });
});
