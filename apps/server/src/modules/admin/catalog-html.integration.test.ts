/**
 * ADR 0160: an option's HTML texts are sanitised with the one allow-list when they are saved,
 * so what the database holds, what the console shows and what every public page shows are the same clean HTML.
 */
import { STAFF_COOKIE } from '@tabi/contract/admin';
import { TRANSLATED_LANGS } from '@tabi/contract/content';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvents, options } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { insertStaff, staffSession } from '../staff/test-fixtures.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  await insertStaff(t.ctx.db, { mail: 'html-admin@example.jp', role: 'admin', totp: true });
  admin = await staffSession(t, 'html-admin@example.jp');
}, 120_000);
afterAll(async () => {
  await t.close();
});

const staffGet = (url: string) => t.request({ method: 'GET', url, cookies: { [STAFF_COOKIE]: admin } });
const staffPost = (url: string, payload: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url, payload, cookies: { [STAFF_COOKIE]: admin } });

const HOSTILE = {
  introduction: '<p>朝の隅田川</p><img src=x onerror=alert(1)>',
  contents:
    '<p onclick="alert(1)" style="color:red">行程</p><script>alert(1)</script><a href="javascript:alert(1)">a</a>',
  optionattention: '<svg onload="alert(1)"><circle r="1"></circle></svg><p>注意</p>',
  information:
    '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe><a href="https://example.com" target="_top">地図</a>',
  cancelNote: '<details open ontoggle="alert(1)"><summary>規定</summary></details>',
  ageNote:
    '<math><mtext><table><mglyph><style><img src=x onerror="alert(1)"></style></mglyph></table></mtext></math>年齢',
  companyattention: '<table><tr><td colspan="2" onmouseover="alert(1)">券</td></tr></table>',
};
const CLEAN = {
  introduction: '<p>朝の隅田川</p><img src="x">',
  contents: '<p>行程</p><a rel="noopener noreferrer">a</a>',
  optionattention: '<p>注意</p>',
  information: '<a href="https://example.com" target="_blank" rel="noopener noreferrer">地図</a>',
  cancelNote: '規定',
  ageNote: '年齢',
  companyattention: '<table><tbody><tr><td colspan="2">券</td></tr></tbody></table>',
};

describe('option HTML is sanitised when saved', () => {
  it('stores <img src=x onerror=alert(1)> without its onerror, and every other payload without its script', async () => {
    const before = (await staffGet('/api/admin/options/OP0001')).json().response.option;
    const res = await staffPost('/api/admin/options/OP0001', { option: { ...before, ...HOSTILE } });
    expect(res.statusCode, res.body).toBe(200);
    // The console gets back what is stored, and that is the clean HTML.
    expect(res.json().response.option).toMatchObject(CLEAN);
    const [row] = await t.ctx.db.select().from(options).where(eq(options.opcd, 'OP0001'));
    expect(row).toMatchObject(CLEAN);
    expect(JSON.stringify(row)).not.toMatch(/onerror|onclick|onload|ontoggle|onmouseover|<script|javascript:|<iframe/);
    // The history records what was stored, not what was sent.
    const events = await t.ctx.db.select().from(catalogEvents).where(eq(catalogEvents.opcd, 'OP0001'));
    expect(events.at(-1)?.after).toMatchObject({ introduction: CLEAN.introduction });
    // The public detail sends the same.
    const detail = (await t.request({ method: 'GET', url: '/api/option/OP0001' })).json().response;
    expect(detail.introduction).toBe(CLEAN.introduction);
    expect(detail.cancel_note).toBe(CLEAN.cancelNote);
  });

  it('saves clean HTML unchanged, so an edit of another field records no change of the texts', async () => {
    const before = (await staffGet('/api/admin/options/OP0001')).json().response.option;
    const res = await staffPost('/api/admin/options/OP0001', { option: { ...before, sort: before.sort + 1 } });
    expect(res.statusCode, res.body).toBe(200);
    const events = await t.ctx.db.select().from(catalogEvents).where(eq(catalogEvents.opcd, 'OP0001'));
    expect(events.at(-1)?.after).toEqual({ sort: before.sort + 1 });
  });

  it('sanitises a new option the same way', async () => {
    const base = (await staffGet('/api/admin/options/OP0001')).json().response.option;
    const res = await staffPost('/api/admin/options', {
      opcd: 'HTML01',
      option: { ...base, webname: 'HTML検証', introduction: '<p>新</p><img src=x onerror=alert(1)>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(options).where(eq(options.opcd, 'HTML01'));
    expect(row?.introduction).toBe('<p>新</p><img src="x">');
  });

  it('sanitises the texts of every other language the same way', async () => {
    const before = (await staffGet('/api/admin/options/OP0002')).json().response.option;
    const translations = Object.fromEntries(
      TRANSLATED_LANGS.map((lang) => [lang, { ...before.translations[lang], ...HOSTILE }]),
    );
    const res = await staffPost('/api/admin/options/OP0002', { option: { ...before, translations } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(options).where(eq(options.opcd, 'OP0002'));
    for (const lang of TRANSLATED_LANGS) {
      expect(res.json().response.option.translations[lang], lang).toMatchObject(CLEAN);
      expect(row?.translations[lang], lang).toMatchObject(CLEAN);
    }
    expect(JSON.stringify(row?.translations)).not.toMatch(
      /onerror|onclick|onload|ontoggle|onmouseover|<script|javascript:/,
    );
  });
});
