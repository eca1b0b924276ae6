/** Texts of the coupon pages (SPEC §2 Coupon list, Coupon detail). */
import { defineMessages } from '../../../i18n/messages.ts';
import ja from '../../../messages/ja/coupon.json';

export const useCouponMessages = defineMessages('coupon', ja);
