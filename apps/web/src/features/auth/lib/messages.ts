import { RSVNO_LENGTH } from '@tabi/contract/constants';
import { defineMessages } from '../../../i18n/messages.ts';

export const authJa = {
  title: '予約確認・マイページ',
  lead: '予約番号とお申し込み時の電話番号を入力して、ログインしてください。',
  backToList: 'オプション一覧へ戻る',
  rsvno: '予約番号',
  rsvnoHint: `ご予約完了メールに記載の${RSVNO_LENGTH}桁の予約番号`,
  tel: '電話番号',
  telHint: 'お申し込み時にご登録いただいた電話番号',
  submitting: 'ログイン中…',
  submit: 'ログイン',
  switching: (rsvno: string) =>
    `現在、予約番号 ${rsvno} でログインしています。別の予約番号でログインすると、その予約に切り替わります。`,
  backToCurrent: (rsvno: string) => `${rsvno} のマイページに戻る`,
};

export const useAuthMessages = defineMessages('auth', authJa);
