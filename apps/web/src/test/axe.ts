/**
 * axe-core on a component test's document: the serious and critical violations, listed readably. jsdom lays nothing
 * out, so the rules that need a rendered page (colour contrast) are left to the browser tier's scans
 * (e2e/accessibility.spec.ts); names, roles, labels, landmarks and ARIA are checked here.
 */
import axe from 'axe-core';
import { expect } from 'vitest';

export async function expectNoSeriousA11yIssues(root: Element = document.body): Promise<void> {
  const { violations } = await axe.run(root, {
    resultTypes: ['violations'],
    // jsdom cannot message a frame (the map's); the browser scans leave other sites' frames out too.
    iframes: false,
    rules: { 'color-contrast': { enabled: false } },
  });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} [${v.impact}] ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, 'axe serious/critical violations').toEqual([]);
}
