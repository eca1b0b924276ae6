import type { ReactNode } from 'react';

/** admin.css's badge colours, as the booking states use them: red, amber, blue. */
const TONE_CLASS = { alarm: 'adm-status-4', pending: 'adm-status-6', fine: 'adm-status-0' } as const;

/**
 * A state as the console shows it in a table or a card: a grey badge, or `alarm` (停止中, 無効, a failed send, none
 * left), `pending` (下書き, 未翻訳) or `fine` (有効 beside a 停止中 that could be).
 */
export function Status({ tone, children }: { tone?: keyof typeof TONE_CLASS | false; children: ReactNode }) {
  return <span className={tone ? `adm-status ${TONE_CLASS[tone]}` : 'adm-status'}>{children}</span>;
}
