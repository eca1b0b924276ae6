/**
 * Numbers fixed by a text, for the demo data (stock, prices) and the demo pictures: the same code and date
 * always give the same stock, the same image URL always the same drawing. Not for anything secret.
 */

/** FNV-1a: a 32-bit unsigned hash of the text. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for shapes and demo numbers; each call gives a number in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number in [0, 1) fixed by the text. */
export function unitOf(text: string): number {
  return seededRandom(hashText(text))();
}
