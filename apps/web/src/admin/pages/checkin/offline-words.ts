/** The scanner's words about working offline (DESIGN §17), once here: the page and its tests import them. */
export const OfflineWords = {
  offline: 'オフライン',
  checkedOffline: 'オフラインで確認',
  notSent: (n: number) => `未送信 ${n}件`,
  copyAt: (hhmm: string) => `オフライン用データ：${hhmm} 更新`,
  noCopy: 'オフライン用データ：まだありません',
  notInCopy: 'この端末のオフライン用データにないチケットです。通信が戻ったら、もう一度読み取ってください。',
  queued: 'この受付は端末に保存しました。通信が戻ると送信します。',
  onlineOnly: 'オフラインの間は、取り消しと無断不参加の記録はできません。',
  reviewHeading: '同期で確認が必要な受付',
  reviewDone: '確認しました',
  serverSaid: 'サーバーの判定',
  firstDevice: '最初に受け付けた端末',
  sendFailed: '未送信の受付を送れませんでした。',
} as const;
