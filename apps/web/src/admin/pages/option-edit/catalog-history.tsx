/** 商品編集's 変更履歴: who changed the option when, and which fields an edit touched. */
import { type AdminOptionRecord, CATALOG_EVENT_LABEL } from '@tabi/contract/admin-catalog';
import { tokyoDateTime } from '../../lib/format.ts';

export function CatalogHistory({ record }: { record: AdminOptionRecord }) {
  if (record.events.length === 0) return null;
  return (
    <section className="adm-card" aria-labelledby="catalog-history">
      <h2 id="catalog-history">変更履歴</h2>
      <ul className="adm-history">
        {record.events.map((e) => (
          <li key={e.id}>
            <span>{tokyoDateTime(e.at)}</span> <strong>{CATALOG_EVENT_LABEL[e.kind] ?? e.kind}</strong>{' '}
            <span className="adm-muted">{e.staffMail}</span>
            {e.kind === 'option.updated' && e.after && (
              <span className="adm-muted">（{Object.keys(e.after).join('、')}）</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
