import { CONSOLE } from '@tabi/contract/console-endpoints';
import type { IssuedKey } from '@tabi/contract/resellers';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPage } from '../../components/page.tsx';
import { QueryView } from '../../components/query-state.tsx';
import { adminCall } from '../../lib/admin-api.ts';
import { NewKeyDialog } from './issue-key.tsx';
import { ResellerCard } from './reseller-card.tsx';
import { AddReseller } from './reseller-forms.tsx';
import type { ShowKey } from './say.ts';

/** 販売代理店 (admin only): resellers selling through OCTO, their keys, and every change audited. */
export function ResellersPage() {
  const query = useQuery({
    queryKey: ['admin', 'resellers'],
    queryFn: () => adminCall(CONSOLE['GET /resellers']),
  });
  const [message, setMessage] = useState('');
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const showKey: ShowKey = (made) => {
    setMessage(`${made.reseller.name}のAPIキー ${made.reseller.keys[0]?.prefix ?? ''}… を発行しました。`);
    setIssued(made);
  };
  return (
    <AdminPage title="販売代理店">
      <p className="adm-lead">
        OCTO（旅行商品の販売APIの標準規格）で当社の商品を販売する代理店（リセラー）と、その接続用のAPIキーを管理します。在庫と料金は自社サイトと共通です。手数料率は予約ごとに販売時点の率で確定します。
      </p>
      {message && <output className="adm-success">{message}</output>}
      <AddReseller say={setMessage} />
      <QueryView query={query}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="adm-empty">販売代理店はまだ登録されていません。</p>
          ) : (
            rows.map((r) => <ResellerCard key={r.id} reseller={r} say={setMessage} showKey={showKey} />)
          )
        }
      </QueryView>
      <div className="adm-muted">
        <p>サーバーで次のコマンドを実行しても登録できます（APIキーを1つ発行して表示します）。</p>
        <code className="adm-command">npm run ops -- reseller:create 代理店名 --commission 15</code>
        <p>すべての変更（追加・編集・停止・キーの発行と失効）はスタッフの操作記録に残ります。</p>
      </div>
      <NewKeyDialog issued={issued} onClose={() => setIssued(null)} />
    </AdminPage>
  );
}
