/** The customer API answers its messages in English when the call asks for it, Japanese otherwise. */
import { Msg } from '@tabi/contract/messages';
import { say } from '@tabi/contract/said';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textIn } from '../i18n/said-text.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('messages in the caller’s language', () => {
  it('are SPEC’s Japanese by default and for a Japanese or unknown Accept-Language', async () => {
    for (const language of [undefined, 'ja', 'ja-JP,en;q=0.8', 'fr-FR', 'th-TH,th;q=0.9']) {
      const res = await t.request({
        method: 'GET',
        url: '/api/option/NOSUCH1',
        headers: language ? { 'accept-language': language } : {},
      });
      expect(res.statusCode, String(language)).toBe(404);
      expect(res.json().errMsg, String(language)).toBe(Msg.optionNotFound);
      // The same address answers English to another caller: a cache must not hand this one to it.
      expect(res.headers.vary, String(language)).toContain('accept-language');
    }
  });

  it('are English when English comes first, with the same code and status', async () => {
    const japanese = await t.request({ method: 'GET', url: '/api/option/NOSUCH1' });
    for (const language of ['en', 'en-GB,en;q=0.9,ja;q=0.5']) {
      const res = await t.request({
        method: 'GET',
        url: '/api/option/NOSUCH1',
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(japanese.statusCode);
      expect(res.json()).toEqual({ ...japanese.json(), errMsg: 'We could not find that option.' });
      expect(res.headers.vary).toContain('accept-language');
    }
    const missing = await t.request({ method: 'GET', url: '/api/no-such-call', headers: { 'accept-language': 'en' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errMsg).toBe('We could not find that page or data.');
  });

  it('are Korean or Chinese when one of them comes first, the Chinese by script or region', async () => {
    for (const [language, lang] of [
      ['ko-KR,ko;q=0.9', 'ko'],
      ['zh-TW,zh;q=0.9', 'zh-Hant'],
      ['zh-HK', 'zh-Hant'],
      ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-Hans'],
    ] as const) {
      const res = await t.request({
        method: 'GET',
        url: '/api/option/NOSUCH1',
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().errMsg, language).toBe(textIn(lang, say('optionNotFound')));
      expect(res.json().errMsg, language).not.toBe(Msg.optionNotFound);
    }
  });

  it('name the field and its rule in the caller’s language, the request’s path never', async () => {
    const asked = async (language: string) =>
      (await t.request({ method: 'GET', url: '/api/option?page=two', headers: { 'accept-language': language } })).json()
        .errMsg;
    expect(await asked('ja')).toBe('入力内容に誤りがあります。内容をご確認ください。ページ：数字で入力してください');
    expect(await asked('ko')).toBe('입력 내용에 오류가 있습니다. 내용을 확인해 주세요. 페이지: 숫자로 입력해 주세요');
    expect(await asked('en')).toBe(
      'Some of the details are not right. Please check them. page: Please enter a number.',
    );
  });

  it('leave a success alone, and the console in Japanese', async () => {
    const list = await t.request({ method: 'GET', url: '/api/option', headers: { 'accept-language': 'en' } });
    expect(list.statusCode).toBe(200);
    expect(list.json().errMsg).toBe('');
    const console = await t.request({
      method: 'GET',
      url: '/api/admin/no-such-call',
      headers: { 'accept-language': 'en' },
    });
    expect(console.json().errMsg).toBe(Msg.notFound);
  });
});
