/**
 * キャンセル待ち's mails (issue 27, ADR 0167): the registration, with the link to see or leave it, and the offer,
 * with the link that books the seats held and until when. Same look as the booking mails (templates.ts).
 */
import { formatTokyoDateTime, formatYmd } from '@tabi/contract/dates';
import { type MailBlock, renderHtml, renderText } from './mail-render.ts';
import type { OutgoingMail } from './outbox.ts';

export const WaitlistMailKind = {
  joined: 'waitlist_joined',
  offered: 'waitlist_offered',
} as const;

const SIGNATURE = [
  '――――――――――――――――――――',
  'さくらトラベル オプション予約係',
  '※このメールは送信専用です。ご返信いただいてもお答えできませんのでご了承ください。',
].join('\n');

export interface WaitlistMailEntry {
  mail: string;
  webname: string;
  /** YYYYMMDD or YYYY-MM-DD. */
  usedate: string;
  party: number;
  /** The link (detail page with the entry's token). */
  url: string;
}

function facts(e: WaitlistMailEntry, extra: [string, string][] = []): MailBlock {
  return {
    kind: 'facts',
    title: 'キャンセル待ちの内容',
    rows: [
      ['商品名', e.webname],
      ['ご利用日', formatYmd(e.usedate.replaceAll('-', ''))],
      ['ご希望人数', `${e.party}名`],
      ...extra,
    ],
  };
}

function compose(kind: string, e: WaitlistMailEntry, title: string, blocks: MailBlock[]): OutgoingMail {
  const greeting = 'お客様';
  const subject = `【さくらトラベル】${title}`;
  return {
    kind,
    rsvno: null,
    to: e.mail,
    subject,
    body: renderText(greeting, blocks, SIGNATURE),
    html: renderHtml(subject, greeting, blocks, SIGNATURE),
  };
}

export function waitlistJoinedMail(e: WaitlistMailEntry): OutgoingMail {
  return compose(WaitlistMailKind.joined, e, 'キャンセル待ちに登録しました', [
    {
      kind: 'paragraph',
      text: 'キャンセル待ちにご登録いただき、ありがとうございます。\n以下の内容で承りました。',
    },
    facts(e),
    {
      kind: 'paragraph',
      text: 'キャンセルなどでお席に空きが出ましたら、ご登録順にメールでお知らせします（ご希望人数のお席が空いた場合に限ります）。\nご案内したお席は一定時間お客様のために確保いたします。\n現時点ではご予約は確定しておりません。',
    },
    {
      kind: 'link',
      text: '登録内容の確認・キャンセル待ちの取り消しは、こちらのページから行えます。',
      label: 'キャンセル待ちの登録を確認する',
      url: e.url,
    },
  ]);
}

export function waitlistOfferedMail(e: WaitlistMailEntry & { held: number; expiresAt: Date }): OutgoingMail {
  const until = formatTokyoDateTime(e.expiresAt);
  return compose(WaitlistMailKind.offered, e, 'キャンセル待ちのお席をご用意しました', [
    {
      kind: 'paragraph',
      text: 'お待たせいたしました。\nキャンセル待ちにご登録いただいた日付に空きが出ましたので、お客様のためにお席を確保しました。',
    },
    facts(e, [
      ['確保したお席', `${e.held}名分`],
      ['確保期限', until],
    ]),
    {
      kind: 'link',
      text: `${until}までに、下記のリンクからお申し込み手続きを完了してください。\n期限を過ぎますとお席は解放され、次にお待ちのお客様へご案内いたします。\nご不要の場合は、同じページから辞退できます。`,
      label: 'お申し込み手続きへ進む',
      url: e.url,
    },
  ]);
}
