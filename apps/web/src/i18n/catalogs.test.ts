/**
 * The catalogs (ADR 0205): every language has the Japanese keys and parameters, and nothing else (the build checks
 * the same); what a check of keys cannot see: no text left empty, no Japanese in another language, and SPEC's words
 * where the Japanese quotes SPEC.
 */
import { AGE_CLASS_LABEL, GENDER_LABEL, RENTAL_TYPE_LABEL } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { ROUTES } from '@tabi/contract/routes';
import { WaitlistMsg } from '@tabi/contract/waitlist-messages';
import { describe, expect, it } from 'vitest';
import { catalogProblems, readCatalogs, WEB_CATALOGS } from '../../../../scripts/message-catalogs.mjs';

const catalogs = readCatalogs(WEB_CATALOGS.dir) as Record<string, Record<string, Record<string, string>>>;
const ja = catalogs.ja ?? {};

function texts(lang: string): [string, string][] {
  return Object.entries(catalogs[lang] ?? {}).flatMap(([area, messages]) =>
    Object.entries(messages).map(([key, text]): [string, string] => [`${area}.${key}`, text]),
  );
}

/** Texts that are empty on purpose: a part of a sentence that the language does not need. */
const EMPTY = new Set([
  'common.untranslated',
  'reservation.requiredBefore',
  'mypage.states.unknown',
  'catalog.resultCountEnd',
  'coupon.sheetUnit',
]);

const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー・、。「」（）：～￥]/u;
/** Chinese is written in Han and with the same punctuation, so only kana and the marks that go with them tell. */
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}ー・々]/u;

describe('the message catalogs', () => {
  it('match the Japanese key for key and parameter for parameter, and the parameters type is current', () => {
    expect(catalogProblems(WEB_CATALOGS)).toEqual([]);
  });

  it.each(Object.keys(catalogs))('%s has a text for every key', (lang) => {
    for (const [key, text] of texts(lang)) if (!EMPTY.has(key)) expect(text.trim(), `${lang} ${key}`).not.toBe('');
  });

  it.each(Object.keys(catalogs).filter((lang) => lang !== 'ja'))('%s carries no Japanese', (lang) => {
    const japanese = lang.startsWith('zh') ? KANA : JAPANESE;
    for (const [key, text] of texts(lang)) expect(japanese.test(text), `${lang} ${key}: ${text}`).toBe(false);
  });
});

describe("the Japanese catalog keeps SPEC's words", () => {
  const quoted: Record<string, string> = {
    'catalog.listTitle': Msg.optionListTitle,
    'catalog.requestBadge': Msg.requestBadge,
    'catalog.perAdult': Msg.perAdult,
    'catalog.localMeeting': Msg.localMeeting,
    'catalog.detailLink': Msg.detailLink,
    'catalog.close': Msg.close,
    'catalog.allRegions': Msg.allRegions,
    'catalog.areaHint': Msg.areaHint,
    'catalog.cityHint': Msg.cityHint,
    'catalog.allFromspots': Msg.allFromspots,
    'catalog.search': Msg.search,
    'catalog.resetSearch': Msg.resetSearch,
    'catalog.invalidDate': Msg.invalidDate,
    'detail.backToList': Msg.backToList,
    'reservation.requestBadge': Msg.requestBadge,
    'reservation.backToList': Msg.backToList,
    'reservation.backToMember': Msg.backToMember,
    'reservation.backToPrevious': Msg.backToPrevious,
    'reservation.toRental': Msg.toRental,
    'reservation.toCheck': Msg.toCheck,
    'reservation.leader': Msg.leader,
    'reservation.sameAsLeader': Msg.sameAsLeader,
    'reservation.needConsent': Msg.needConsent,
    'reservation.submitRequest': Msg.submitRequest,
    'reservation.submitPurchase': Msg.submitPurchase,
    'mypage.states.paid': Msg.statusPaid,
    'mypage.states.unpaid': Msg.statusUnpaid,
    'mypage.states.canceled': Msg.statusCanceled,
    'mypage.states.offered': Msg.statusTmp,
    'mypage.states.requested': Msg.statusRequested,
    'mypage.states.awaiting': Msg.statusAwaitingKonbini,
    'mypage.paymentDone': Msg.paymentDone,
    'mypage.paymentAborted': Msg.paymentAborted,
    'coupon.detailLink': Msg.detailLink,
    'coupon.facilityStopped': Msg.couponFacilityStopped,
    'coupon.used': Msg.couponUsed,
    'coupon.pinHint': Msg.pinHint,
    'common.close': Msg.close,
    'common.unexpected': Msg.unexpected,
    'common.networkError': Msg.networkError,
    'common.csrfExpired': Msg.csrfExpired,
    'shared.vegetarianWanted': Msg.vegetarianWanted,
    'waitlist.joined': WaitlistMsg.joined,
    'waitlist.rateLimited': WaitlistMsg.rateLimited,
    'waitlist.left': WaitlistMsg.left,
    'waitlist.alreadyEnded': WaitlistMsg.alreadyEnded,
    'waitlist.tokenUnknown': WaitlistMsg.tokenUnknown,
    'waitlist.offerUsed': WaitlistMsg.offerUsed,
    'waitlist.offerExpired': WaitlistMsg.offerExpired,
    ...Object.fromEntries(
      Object.entries(ROUTES).flatMap(([key, route]) => [
        [`common.routes.${key}.title`, route.title],
        [`common.routes.${key}.description`, route.description],
      ]),
    ),
    ...Object.fromEntries(Object.entries(AGE_CLASS_LABEL).map(([key, label]) => [`shared.ageClasses.${key}`, label])),
    ...Object.fromEntries(Object.entries(GENDER_LABEL).map(([key, label]) => [`shared.genders.${key}`, label])),
    ...Object.fromEntries(
      Object.entries(RENTAL_TYPE_LABEL).map(([key, label]) => [`shared.rentalTypes.${key}`, label]),
    ),
  };

  it.each(Object.entries(quoted))('%s', (path, text) => {
    const [area = '', ...key] = path.split('.');
    expect(ja[area]?.[key.join('.')]).toBe(text);
  });
});
