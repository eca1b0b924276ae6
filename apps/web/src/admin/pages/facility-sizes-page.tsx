/**
 * サイズ別在庫 (admin only, ADR 0209): a rental shop's pairs of each size, per item it counts — the ski and snowboard
 * types, boots, adult and children's wear — and dated numbers (pairs out for repair). An empty field is a size the shop
 * does not list (none can be booked); an item not counted takes bookings of any size. Every refusal is the server's
 * (a number below what bookings already hold of a size on some day), said in the form that asked.
 */
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { WEAR_SIZES_ADULT, WEAR_SIZES_CHILD } from '@tabi/contract/constants';
import { formatDay } from '@tabi/contract/dates';
import { CatalogMsg } from '@tabi/contract/messages';
import {
  RENTAL_ITEM_LABEL,
  RENTAL_ITEM_UNIT,
  type RentalItem,
  type RentalStockDay,
  type RentalStockDayRequest,
  type RentalStockDetail,
  type RentalStockItem,
  type RentalStockItemRequest,
  rentalSizeLabel,
  rentalSizeName,
  rentalStockDayRequest,
  rentalStockItemRequest,
} from '@tabi/contract/rental-stock';
import { useQueryClient } from '@tanstack/react-query';
import { type CellContext, type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { ErrorText, Field } from '../../components/form/field.tsx';
import { buttonColumn } from '../components/button-column.tsx';
import { NUM } from '../components/cells.tsx';
import { DataTable } from '../components/data-table.tsx';
import { DatedNumberForm } from '../components/dated-number-form.tsx';
import { DetailView, useDetailQuery } from '../components/detail-query.tsx';
import { useListChange } from '../components/list-change.ts';
import { AdminPage, Card } from '../components/page.tsx';
import { FormAlert } from '../components/query-state.tsx';
import { SchemaForm, useSchemaForm } from '../components/schema-form.tsx';
import { SelectField } from '../components/select-field.tsx';
import { adminCall } from '../lib/admin-api.ts';
import styles from './facility-sizes-page.module.css';

export const rentalStockKey = (id: number) => ['admin', 'facilities', id, 'rental-stock'] as const;

type Say = (message: string) => void;

const day = (date: string) => formatDay(date, 'ja', { weekday: true });

/** A change's answer (the shop's stock as it is now) shown at once. */
function useStockChanged() {
  const client = useQueryClient();
  return (detail: RentalStockDetail) => client.setQueryData(rentalStockKey(detail.facility.id), detail);
}

/** サイズ別在庫 of one facility: each item's sizes, then the dated numbers. */
export function FacilitySizesPage() {
  const stock = useDetailQuery(rentalStockKey, (id) =>
    adminCall(CONSOLE['GET /facilities/{id}/rental-stock'], { params: { id } }),
  );
  const [message, setMessage] = useState('');
  const name = stock.query.data?.facility.name;
  return (
    <AdminPage
      title={name ? `サイズ別在庫：${name}` : 'サイズ別在庫'}
      back={{ to: '/admin/facilities', label: '施設とクーポン' }}
    >
      <p className="adm-lead">
        レンタル品目ごとに、店舗がサイズ別に用意している数を登録します。登録した品目は、予約のたびにサイズごとの残りを確認し、残りのないサイズは選べなくなります。
      </p>
      {message && <output className="adm-success">{message}</output>}
      <DetailView detail={stock} notFound={CatalogMsg.facilityNotFound}>
        {(detail) => (
          <>
            {detail.items.map((item) => (
              // Drawn anew when the saved numbers change, so that the fields start from them.
              <ItemStock
                key={`${item.item}:${JSON.stringify(item.sizes.map((s) => s.quantity))}`}
                facilityId={detail.facility.id}
                stock={item}
                say={setMessage}
              />
            ))}
            {/* Drawn anew when the counted items change, so that its choice of item starts from one of them. */}
            <DatedNumbers
              key={detail.items
                .filter((i) => i.counted)
                .map((i) => i.item)
                .join()}
              detail={detail}
              say={setMessage}
            />
          </>
        )}
      </DetailView>
    </AdminPage>
  );
}

// --- 品目ごとの数 --------------------------------------------------------------------------------------------------

/** The item's sizes in groups, each under its legend: wear's adult and children's apart. */
function groupsOf(stock: RentalStockItem): { legend: string; sizes: { index: number; size: string }[] }[] {
  const unit = RENTAL_ITEM_UNIT[stock.item];
  const indexed = stock.sizes.map((s, index) => ({ index, size: s.size }));
  if (stock.item !== 'wear') {
    const what = stock.item === 'model' ? '種類' : 'サイズ';
    return [{ legend: `${RENTAL_ITEM_LABEL[stock.item]}の${what}ごとの数（${unit}）`, sizes: indexed }];
  }
  const adult: readonly string[] = WEAR_SIZES_ADULT;
  const child: readonly string[] = WEAR_SIZES_CHILD;
  const groups = [
    { legend: `大人用ウェアのサイズごとの数（${unit}）`, sizes: indexed.filter((s) => adult.includes(s.size)) },
    { legend: `子ども用ウェアのサイズごとの数（${unit}）`, sizes: indexed.filter((s) => child.includes(s.size)) },
    {
      legend: `その他のサイズ（${unit}）`,
      sizes: indexed.filter((s) => !adult.includes(s.size) && !child.includes(s.size)),
    },
  ];
  return groups.filter((g) => g.sizes.length > 0);
}

const valuesOf = (stock: RentalStockItem): RentalStockItemRequest => ({
  item: stock.item,
  counted: stock.counted,
  sizes: stock.sizes.map((s) => ({ size: s.size, quantity: s.quantity === null ? '' : String(s.quantity) })),
});

/** One item: whether the shop counts it, and its number of each size (empty: not listed). */
function ItemStock({ facilityId, stock, say }: { facilityId: number; stock: RentalStockItem; say: Say }) {
  const changed = useStockChanged();
  const label = RENTAL_ITEM_LABEL[stock.item];
  const edit = useSchemaForm(rentalStockItemRequest, {
    defaultValues: valuesOf(stock),
    invalidText: '入力内容に誤りがあります。赤字の項目をご確認ください。',
    async onSubmit(body) {
      say('');
      const saved = await adminCall(CONSOLE['POST /facilities/{id}/rental-stock'], {
        params: { id: facilityId },
        body,
      });
      say(
        body.counted
          ? `${label}のサイズ別の数を保存しました（${body.sizes.length}サイズ）。`
          : `${label}の在庫を管理しないようにしました（サイズに関係なく予約を受け付けます）。`,
      );
      changed(saved);
    },
  });
  const { form, isSubmitting } = edit;
  const counted = form.watch('counted');
  const errors = form.formState.errors;
  const headingId = `rental-stock-${stock.item}-heading`;
  const toggleId = `rental-stock-${stock.item}-counted`;
  const unit = RENTAL_ITEM_UNIT[stock.item];
  return (
    <section className="adm-card" aria-labelledby={headingId}>
      <header className="adm-card-head">
        <h2 id={headingId}>{label}</h2>
      </header>
      <SchemaForm form={edit} aria-labelledby={headingId}>
        <label className="adm-check" htmlFor={toggleId}>
          <input
            id={toggleId}
            type="checkbox"
            aria-invalid={errors.counted ? true : undefined}
            aria-describedby={errors.counted ? `${toggleId}-error` : undefined}
            {...form.register('counted')}
          />
          この品目の在庫を管理する
        </label>
        <ErrorText id={`${toggleId}-error`} message={errors.counted?.message} />
        {counted ? (
          <>
            <p className="adm-muted">
              店舗にある数を入力します。扱わないサイズは空欄にします（そのサイズは予約できません）。今後の予約がある数より少なくはできません。
            </p>
            {groupsOf(stock).map((group) => (
              <fieldset key={group.legend} className={styles.sizes}>
                <legend>{group.legend}</legend>
                <div className={styles.grid}>
                  {group.sizes.map(({ index, size }) => {
                    const held = stock.sizes[index]?.held ?? 0;
                    return (
                      <Field
                        key={size}
                        label={rentalSizeLabel(stock.item, size)}
                        id={`rental-stock-${stock.item}-${index}`}
                        hint={held > 0 ? `予約 最大${held}${unit}` : undefined}
                        hintClassName={styles.held}
                        error={errors.sizes?.[index]?.quantity?.message ?? errors.sizes?.[index]?.size?.message}
                      >
                        {(control) => (
                          <input
                            {...control}
                            inputMode="numeric"
                            autoComplete="off"
                            {...form.register(`sizes.${index}.quantity`)}
                          />
                        )}
                      </Field>
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </>
        ) : (
          <p className={styles.off}>管理していません。この店舗の{label}は、サイズに関係なく予約を受け付けます。</p>
        )}
        <button type="submit" className="adm-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? '処理中…' : `${label}を保存`}
        </button>
      </SchemaForm>
    </section>
  );
}

// --- 日付ごとの数 --------------------------------------------------------------------------------------------------

const DAY_DATE_ID = 'rental-stock-day-date';

/** The sizes a dated number may be set for: the listed sizes of the items the shop counts. */
function listedSizes(detail: RentalStockDetail): Map<RentalItem, string[]> {
  const listed = new Map<RentalItem, string[]>();
  for (const item of detail.items) {
    const sizes = item.sizes.filter((s) => s.quantity !== null).map((s) => s.size);
    if (item.counted && sizes.length > 0) listed.set(item.item, sizes);
  }
  return listed;
}

const dayName = (d: Pick<RentalStockDay, 'item' | 'size' | 'date'>) =>
  `${day(d.date)}の${rentalSizeName(d.item, d.size)}`;

/** A count of the row's item with its unit: 3 → 「3足」. */
const unitCell = (c: CellContext<RentalStockDay, number>) => `${c.getValue()}${RENTAL_ITEM_UNIT[c.row.original.item]}`;

const dayColumn = createColumnHelper<RentalStockDay>();
const dayColumns = [
  dayColumn.accessor('date', { header: '日付', meta: { rowHeader: true }, cell: (c) => day(c.getValue()) }),
  dayColumn.display({
    id: 'size',
    header: '品目・サイズ',
    cell: (c) => rentalSizeName(c.row.original.item, c.row.original.size),
  }),
  dayColumn.accessor('quantity', { header: 'その日の数', meta: NUM, cell: unitCell }),
  dayColumn.accessor('base', { header: '通常の数', meta: NUM, cell: unitCell }),
  dayColumn.accessor('held', { header: '予約', meta: NUM, cell: unitCell }),
] as ColumnDef<RentalStockDay, unknown>[];

/** 日付ごとの数: another number of a size on a date (pairs out for repair: fewer; brought in: more). */
function DatedNumbers({ detail, say }: { detail: RentalStockDetail; say: Say }) {
  const changed = useStockChanged();
  const listed = listedSizes(detail);
  const items = [...listed.keys()];
  const firstItem = items[0] ?? 'boots';
  const empty: RentalStockDayRequest = { item: firstItem, size: '', date: '', quantity: '' };
  const add = useSchemaForm(rentalStockDayRequest, {
    defaultValues: empty,
    async onSubmit(body) {
      say('');
      const saved = await adminCall(CONSOLE['POST /facilities/{id}/rental-stock/days'], {
        params: { id: detail.facility.id },
        body,
      });
      add.reset({ ...empty, item: body.item });
      say(`${dayName(body)}を${body.quantity}${RENTAL_ITEM_UNIT[body.item]}にしました。`);
      changed(saved);
    },
  });
  const remove = useListChange(changed, say, DAY_DATE_ID);
  const removeDay = (d: RentalStockDay) =>
    void remove.run(
      () =>
        adminCall(CONSOLE['POST /facilities/{id}/rental-stock/days/delete'], {
          params: { id: detail.facility.id },
          body: { item: d.item, size: d.size, date: d.date },
        }),
      `${dayName(d)}の日付ごとの数を削除しました（通常の${d.base}${RENTAL_ITEM_UNIT[d.item]}に戻ります）。`,
    );
  const { form } = add;
  const errors = form.formState.errors;
  const item = form.watch('item');
  const sizes = listed.get(item) ?? [];
  return (
    <Card id="rental-stock-days-heading" title="日付ごとの数">
      <p className="adm-muted">
        修理・貸し出し中などで、特定の日だけ数が変わる場合に登録します（その日にすべて使えないときは0）。登録済みの日付とサイズを入力すると、その日の数を変更します。
      </p>
      <FormAlert>{remove.error}</FormAlert>
      <DataTable
        caption={`${detail.facility.name}の今日以降の日付ごとの数`}
        columns={[
          ...dayColumns,
          buttonColumn<RentalStockDay>({
            text: '削除',
            label: (d) => `${dayName(d)}の日付ごとの数を削除`,
            disabled: remove.busy,
            onClick: removeDay,
          }),
        ]}
        data={detail.days}
        rowKey={(d) => `${d.date}-${d.item}-${d.size}`}
        empty="今日以降の日付ごとの数はありません。"
        emptyAsText
      />
      {items.length === 0 ? (
        <p className="adm-muted">日付ごとの数は、在庫を管理している品目のサイズに登録できます。</p>
      ) : (
        <DatedNumberForm
          form={add}
          label="日付ごとの数を追加・変更"
          date={{ id: DAY_DATE_ID, input: form.register('date'), error: errors.date?.message }}
          what={
            <>
              <SelectField
                label="品目"
                field={{
                  // Another item's sizes are not this one's: the size is chosen again.
                  input: form.register('item', { onChange: () => form.setValue('size', '') }),
                  error: errors.item?.message,
                }}
                choices={items.map((i) => ({ value: i, label: RENTAL_ITEM_LABEL[i] }))}
              />
              <SelectField
                label="サイズ"
                required
                field={{ input: form.register('size'), error: errors.size?.message }}
                choices={sizes.map((s) => ({ value: s, label: rentalSizeLabel(item, s) }))}
                empty="選択してください"
              />
            </>
          }
          number={{ label: 'その日の数', input: form.register('quantity'), error: errors.quantity?.message }}
        />
      )}
    </Card>
  );
}
