import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments give the reason or an ADR number, never an issue number: the issue tracker is not in the repository, so a
 * pointer to an issue tells a reader nothing. No file of ours names one, in a comment or a test title; no runtime
 * string needs to either, so every line of every file is checked and nothing is excluded.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const ISSUE_NUMBER = /\b[Ii]ssues? \d+/;
const EXTENSIONS = ['.ts', '.tsx', '.mjs'];
const SKIPPED = new Set(['node_modules', 'dist']);

/** Every source file under `dir`, skipping installed packages and builds. */
function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(full);
    return EXTENSIONS.some((ext) => entry.name.endsWith(ext)) ? [full] : [];
  });
}

/** `apps/*\/src` and `packages/*\/src`. */
function workspaceSources(parent: string): string[] {
  const dir = path.join(ROOT, parent);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(dir, entry.name, 'src'));
}

const roots = [
  ...workspaceSources('apps'),
  ...workspaceSources('packages'),
  path.join(ROOT, 'e2e'),
  path.join(ROOT, 'scripts'),
];
const files = roots.flatMap(sourceFiles);

describe('no issue numbers in the code', () => {
  it('reads the sources of every workspace, the end-to-end specs and the scripts', () => {
    expect(files.length).toBeGreaterThan(100);
    for (const part of ['apps/server/src/', 'apps/web/src/', 'packages/contract/src/', 'e2e/', 'scripts/']) {
      expect(
        files.some((file) => path.relative(ROOT, file).startsWith(part)),
        part,
      ).toBe(true);
    }
  });

  it('names no issue number in a comment or a test title', () => {
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          ISSUE_NUMBER.test(line) ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found, 'give the reason or the ADR number instead').toEqual([]);
  });
});
