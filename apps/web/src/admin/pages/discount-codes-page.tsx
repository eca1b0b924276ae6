/**
 * 割引コード (admin only, ADR 0210): the codes the company hands out, percent or yen off, for every option or some, in
 * a booking window and a travel window, with limits. The list shows how often each was used and the yen it took off;
 * a code's page edits it and deletes it. Every refusal is the server's (a code another code has, an option no longer
 * in the catalog, deleting a code bookings took), said in the form or dialog that asked.
 */
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { DISCOUNT_KINDS } from '@tabi/contract/discounts';
import {
  DISCOUNT_KIND_LABEL,
  type DiscountCodeFields,
  type DiscountCodeRequest,
  type DiscountCodeRow,
  DiscountMsg,
  discountCodeRequest,
} from '@tabi/contract/discounts-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { type ReactNode, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Field, FieldSet } from '../../components/form/field.tsx';
import { buttonColumn } from '../components/button-column.tsx';
import { NUM, Product, WRAP, yenCell } from '../components/cells.tsx';
import { DataTable } from '../components/data-table.tsx';
import { DeleteCard } from '../components/delete-card.tsx';
import { DetailView, useDetailQuery } from '../components/detail-query.tsx';
import { choicesOf, Options, optionChoices } from '../components/filters.tsx';
import { AdminPage, Facts } from '../components/page.tsx';
import { QueryView } from '../components/query-state.tsx';
import { SchemaForm, type SchemaFormApi, useSchemaForm } from '../components/schema-form.tsx';
import { SelectField } from '../components/select-field.tsx';
import { Status } from '../components/status.tsx';
import { adminCall } from '../lib/admin-api.ts';
import { useOptionChoices } from '../lib/catalog-queries.ts';
import { yen } from '../lib/format.ts';
import styles from './discount-codes-page.module.css';

const listKey = ['admin', 'discount-codes'] as const;
const detailKey = (id: number) => ['admin', 'discount-codes', id] as const;

type Say = (message: string) => void;
/** Option names by code, for the codes a discount is limited to. */
type Names = ReadonlyMap<string, string>;

function useOptionNames(): Names {
  const choices = useOptionChoices();
  return new Map((choices.data ?? []).map((o) => [o.opcd, o.webname]));
}

/** 「10%」, 「1,000円」. */
const offText = (c: Pick<DiscountCodeRow, 'kind' | 'value'>) =>
  c.kind === 'percent' ? `${c.value}%` : `${c.value.toLocaleString('ja-JP')}円`;

/** A window of days: 「2026/11/01〜2026/12/31」, open at either end, 「指定なし」 when open at both. */
function periodText(from: string | null, until: string | null): string {
  if (!from && !until) return '指定なし';
  const slash = (date: string | null) => date?.replaceAll('-', '/') ?? '';
  return `${slash(from)}〜${slash(until)}`;
}

/** The options a code is for: すべて, a few by name, or many by count and their first codes. */
function targetText(opcds: string[], names: Names): string {
  if (opcds.length === 0) return 'すべて';
  if (opcds.length <= 3) return opcds.map((opcd) => `${opcd} ${names.get(opcd) ?? ''}`.trim()).join('、');
  return `${opcds.length}商品（${opcds.slice(0, 3).join('、')} ほか）`;
}

const limitText = (limit: number | null) => (limit === null ? '上限なし' : String(limit));

// --- 一覧 ----------------------------------------------------------------------------------------------------------

const column = createColumnHelper<DiscountCodeRow>();
const columnsOf = (names: Names) =>
  [
    column.accessor('code', {
      header: 'コード',
      meta: { rowHeader: true },
      cell: (c) => <Link to={`/admin/discount-codes/${c.row.original.id}`}>{c.getValue()}</Link>,
    }),
    column.accessor('name', { header: '名前', meta: WRAP, cell: (c) => c.getValue() || '—' }),
    column.display({ id: 'off', header: '割引', meta: NUM, cell: (c) => offText(c.row.original) }),
    column.accessor('opcds', { header: '対象商品', meta: WRAP, cell: (c) => targetText(c.getValue(), names) }),
    column.display({
      id: 'book',
      header: '予約受付期間',
      cell: (c) => periodText(c.row.original.book_from, c.row.original.book_until),
    }),
    column.display({
      id: 'travel',
      header: 'ご利用期間',
      cell: (c) => periodText(c.row.original.travel_from, c.row.original.travel_until),
    }),
    column.display({
      id: 'uses',
      header: '利用数／上限',
      meta: NUM,
      cell: (c) => `${c.row.original.uses}／${limitText(c.row.original.total_limit)}`,
    }),
    column.accessor('discounted', { header: '割引額合計', meta: NUM, cell: yenCell }),
    column.accessor('active', {
      header: '状態',
      cell: (c) => (c.getValue() ? '有効' : <Status tone="alarm">無効</Status>),
    }),
  ] as ColumnDef<DiscountCodeRow, unknown>[];

/** 割引コード: every code, the newest first, how often it was used, and a form to add one. */
export function DiscountCodesPage() {
  const list = useQuery({ queryKey: listKey, queryFn: () => adminCall(CONSOLE['GET /discount-codes']) });
  const names = useOptionNames();
  // A code deleted on its own page says so here, where the clerk lands.
  const arrived = (useLocation().state as { said?: string } | null)?.said ?? '';
  const [message, setMessage] = useState(arrived);
  return (
    <AdminPage title="割引コード">
      <p className="adm-lead">
        お客様が予約の確認画面で入力する割引コードを管理します。割引額はサーバーが予約の料金から計算し、利用回数の上限は予約ごとに数えます。
      </p>
      {message && <output className="adm-success">{message}</output>}
      <QueryView query={list}>
        {({ codes }) => (
          <DataTable
            caption="割引コード一覧"
            captionShown
            columns={columnsOf(names)}
            data={codes}
            empty="割引コードはまだ登録されていません。"
          />
        )}
      </QueryView>
      <p className="adm-muted">
        利用数・割引額合計は、割引コードを使った予約のうち、期限切れや未払いのままキャンセルされたものを除いた分です（支払い済みの予約は、キャンセル後も数えます）。
      </p>
      <AddDiscountCode say={setMessage} />
    </AdminPage>
  );
}

// --- 割引コードの項目 ----------------------------------------------------------------------------------------------

/**
 * What the form's fields hold: text as typed (numbers in any width, blank for none), made into the contract's request
 * before its schema checks it. A value that is not a whole number is sent on as 0, so that the schema's message is
 * the one for the kind chosen (割合 or 金額).
 */
const typedCount = (text: string): number | null => {
  const plain = text.normalize('NFKC').trim().replaceAll(',', '');
  if (plain === '') return null;
  return /^\d+$/.test(plain) ? Number(plain) : Number.NaN;
};

const discountForm = z
  .object({
    code: z.string(),
    name: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    value: z.string(),
    opcds: z.array(z.string()),
    book_from: z.string(),
    book_until: z.string(),
    travel_from: z.string(),
    travel_until: z.string(),
    total_limit: z.string(),
    per_customer_limit: z.string(),
    min_amount: z.string(),
    active: z.boolean(),
  })
  .transform((f): DiscountCodeRequest => {
    const value = typedCount(f.value);
    return {
      ...f,
      value: value === null || Number.isNaN(value) ? 0 : value,
      total_limit: typedCount(f.total_limit),
      per_customer_limit: typedCount(f.per_customer_limit),
      min_amount: typedCount(f.min_amount),
    };
  })
  .pipe(discountCodeRequest);
type DiscountForm = z.input<typeof discountForm>;
type Form = UseFormReturn<DiscountForm, unknown, DiscountCodeFields>;

const EMPTY: DiscountForm = {
  code: '',
  name: '',
  kind: 'percent',
  value: '',
  opcds: [],
  book_from: '',
  book_until: '',
  travel_from: '',
  travel_until: '',
  total_limit: '',
  per_customer_limit: '',
  min_amount: '',
  active: true,
};

const KIND_CHOICES = choicesOf(DISCOUNT_KIND_LABEL);

const shown = (n: number | null) => (n === null ? '' : String(n));
const valuesOf = (c: DiscountCodeRow): DiscountForm => ({
  code: c.code,
  name: c.name,
  kind: c.kind,
  value: String(c.value),
  opcds: c.opcds,
  book_from: c.book_from ?? '',
  book_until: c.book_until ?? '',
  travel_from: c.travel_from ?? '',
  travel_until: c.travel_until ?? '',
  total_limit: shown(c.total_limit),
  per_customer_limit: shown(c.per_customer_limit),
  min_amount: shown(c.min_amount),
  active: c.active,
});

/** A blank-means-none number field: 利用回数の上限, 最低金額. */
function CountField({
  form,
  name,
  label,
  hint,
}: {
  form: Form;
  name: 'total_limit' | 'per_customer_limit' | 'min_amount';
  label: string;
  hint: string;
}) {
  return (
    <Field label={label} hint={hint} error={form.formState.errors[name]?.message}>
      {(control) => <input {...control} inputMode="numeric" autoComplete="off" {...form.register(name)} />}
    </Field>
  );
}

/** A window's two days; the hint says which day of a booking it is compared with. */
function PeriodFields({
  form,
  label,
  hint,
  from,
  until,
}: {
  form: Form;
  label: string;
  hint: string;
  from: 'book_from' | 'travel_from';
  until: 'book_until' | 'travel_until';
}) {
  const errors = form.formState.errors;
  return (
    <>
      <Field label={`${label}（開始日）`} error={errors[from]?.message}>
        {(control) => <input {...control} type="date" {...form.register(from)} />}
      </Field>
      <Field label={`${label}（終了日）`} hint={hint} error={errors[until]?.message}>
        {(control) => <input {...control} type="date" {...form.register(until)} />}
      </Field>
    </>
  );
}

const chosenColumn = createColumnHelper<{ opcd: string; webname: string }>();
const chosenColumns = [
  chosenColumn.accessor('webname', {
    header: '商品',
    meta: { rowHeader: true, className: 'wrap' },
    cell: (c) => <Product opcd={c.row.original.opcd} webname={c.getValue()} />,
  }),
] as ColumnDef<{ opcd: string; webname: string }, unknown>[];

/**
 * 対象商品: the options the code is for, added one at a time from the catalog's choices as リソース's 使う商品 are,
 * and removed from the list; none chosen, the code is for every option.
 */
function OptionsPicker({ form }: { form: Form }) {
  const choices = useOptionChoices();
  const names = new Map((choices.data ?? []).map((o) => [o.opcd, o.webname]));
  const [picked, setPicked] = useState('');
  const chosen = form.watch('opcds');
  const offered = (choices.data ?? []).filter((o) => !chosen.includes(o.opcd));
  const set = (opcds: string[]) => form.setValue('opcds', opcds, { shouldDirty: true });
  return (
    <FieldSet
      legend="対象商品"
      className={`field ${styles.wide}`}
      hint="商品を選ばない場合は、すべての商品が対象です。"
      error={form.formState.errors.opcds?.message}
    >
      {() => (
        <>
          <DataTable
            caption="対象商品"
            columns={[
              ...chosenColumns,
              buttonColumn<{ opcd: string; webname: string }>({
                text: '外す',
                label: (o) => `${o.opcd}を対象から外す`,
                onClick: (o) => set(chosen.filter((opcd) => opcd !== o.opcd)),
              }),
            ]}
            data={chosen.map((opcd) => ({ opcd, webname: names.get(opcd) ?? '' }))}
            rowKey={(o) => o.opcd}
            empty="すべての商品が対象です。"
            emptyAsText
          />
          <div className={styles.pick}>
            <Field label="追加する商品">
              {(control) => (
                <select {...control} value={picked} onChange={(e) => setPicked(e.target.value)}>
                  <option value="">選択してください</option>
                  <Options options={optionChoices(offered)} />
                </select>
              )}
            </Field>
            <button
              type="button"
              className="adm-button"
              disabled={picked === ''}
              onClick={() => {
                set([...chosen, picked]);
                setPicked('');
              }}
            >
              商品を追加
            </button>
          </div>
        </>
      )}
    </FieldSet>
  );
}

/** Every field of a code, in the add form and on its page. */
function DiscountFields({ form }: { form: Form }) {
  const errors = form.formState.errors;
  const percent = form.watch('kind') === 'percent';
  return (
    <div className={styles.fields}>
      <Field
        label="コード"
        required
        error={errors.code?.message}
        hint="半角英数字・ハイフン・アンダースコアで3〜32文字。小文字で入力しても大文字で登録されます。"
      >
        {(control) => (
          <input
            {...control}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="例：WINTER26"
            {...form.register('code')}
          />
        )}
      </Field>
      <Field
        label="名前（管理用）"
        error={errors.name?.message}
        hint="スタッフ用のメモです。お客様には表示されません。"
      >
        {(control) => (
          <input {...control} autoComplete="off" placeholder="例：冬の早割キャンペーン" {...form.register('name')} />
        )}
      </Field>
      <SelectField
        label="種類"
        required
        field={{ input: form.register('kind'), error: errors.kind?.message }}
        choices={KIND_CHOICES}
      />
      <Field
        label={percent ? '割引率（％）' : '割引額（円）'}
        required
        error={errors.value?.message}
        hint={
          percent ? '1〜100の整数。割引額の1円未満は切り捨てます。' : '1円以上の整数。料金を超える分は割り引きません。'
        }
      >
        {(control) => <input {...control} inputMode="numeric" autoComplete="off" {...form.register('value')} />}
      </Field>
      <OptionsPicker form={form} />
      <PeriodFields
        form={form}
        label="予約受付期間"
        hint="予約を受け付けた日（日本時間）で判定します。空欄は制限なし。"
        from="book_from"
        until="book_until"
      />
      <PeriodFields
        form={form}
        label="ご利用期間"
        hint="ご利用日（ツアー当日）で判定します。空欄は制限なし。"
        from="travel_from"
        until="travel_until"
      />
      <CountField form={form} name="total_limit" label="利用回数の上限（合計）" hint="空欄の場合は上限なし。" />
      <CountField
        form={form}
        name="per_customer_limit"
        label="お一人様の上限（電話番号ごと）"
        hint="同じ電話番号で使える回数。空欄の場合は上限なし。"
      />
      <CountField
        form={form}
        name="min_amount"
        label="最低金額（割引前）"
        hint="この金額（円）以上の予約にだけ使えます。空欄の場合は制限なし。"
      />
      <label className={`adm-check ${styles.wide}`}>
        <input type="checkbox" {...form.register('active')} />{' '}
        有効（チェックを外すと、お客様はこのコードを使えなくなります）
      </label>
    </div>
  );
}

function SubmitButton({ form, label }: { form: SchemaFormApi<DiscountForm, DiscountCodeFields>; label: string }) {
  const { isSubmitting } = form;
  return (
    <button type="submit" className="adm-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
      {isSubmitting ? '処理中…' : label}
    </button>
  );
}

const INVALID = '入力内容に誤りがあります。赤字の項目をご確認ください。';

/**
 * A card with a code's rules to send, as 割引コードを追加 and 割引コードの内容 are: `save` sends them and answers what
 * to say; the list is read again after.
 */
function DiscountCodeForm({
  headingId,
  heading,
  defaultValues,
  clearWhenSaved = false,
  submitLabel,
  say,
  save,
  children,
}: {
  headingId: string;
  heading: string;
  defaultValues: DiscountForm;
  /** Back to `defaultValues` once saved, ready for the next code. */
  clearWhenSaved?: boolean;
  submitLabel: string;
  say: Say;
  save(body: DiscountCodeFields): Promise<string>;
  children?: ReactNode;
}) {
  const client = useQueryClient();
  const rules = useSchemaForm(discountForm, {
    defaultValues,
    invalidText: INVALID,
    async onSubmit(body) {
      say('');
      const saved = await save(body);
      if (clearWhenSaved) rules.reset(defaultValues);
      say(saved);
      await client.invalidateQueries({ queryKey: listKey, exact: true });
    },
  });
  return (
    <SchemaForm form={rules} className="adm-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <DiscountFields form={rules.form} />
      <SubmitButton form={rules} label={submitLabel} />
      {children}
    </SchemaForm>
  );
}

/** 割引コードを追加: made with every rule; the form is emptied for the next one. */
function AddDiscountCode({ say }: { say: Say }) {
  return (
    <DiscountCodeForm
      headingId="discount-add-heading"
      heading="割引コードを追加"
      defaultValues={EMPTY}
      clearWhenSaved
      submitLabel="追加する"
      say={say}
      save={async (body) => {
        const made = await adminCall(CONSOLE['POST /discount-codes'], { body });
        return `割引コード${made.code}を追加しました。`;
      }}
    />
  );
}

// --- 1つの割引コード -----------------------------------------------------------------------------------------------

/** A code's page: how often it was used, its rules to change, and its deletion. */
export function DiscountCodePage() {
  const detail = useDetailQuery(detailKey, (id) => adminCall(CONSOLE['GET /discount-codes/{id}'], { params: { id } }));
  const [message, setMessage] = useState('');
  const code = detail.query.data?.code;
  return (
    <AdminPage
      title={code ? `割引コード：${code}` : '割引コード'}
      back={{ to: '/admin/discount-codes', label: '割引コード一覧' }}
    >
      {message && <output className="adm-success">{message}</output>}
      <DetailView detail={detail} notFound={DiscountMsg.notFound}>
        {(row) => (
          <>
            <Facts
              rows={[
                ['割引', offText(row)],
                ['利用数', `${row.uses}回（上限：${limitText(row.total_limit)}）`],
                ['割引額合計', yen(row.discounted)],
              ]}
            />
            <EditDiscountCode key={JSON.stringify(valuesOf(row))} row={row} say={setMessage} />
            <DeleteDiscountCode row={row} />
          </>
        )}
      </DetailView>
    </AdminPage>
  );
}

function EditDiscountCode({ row, say }: { row: DiscountCodeRow; say: Say }) {
  const client = useQueryClient();
  return (
    <DiscountCodeForm
      headingId="discount-edit-heading"
      heading="割引コードの内容"
      defaultValues={valuesOf(row)}
      submitLabel="保存する"
      say={say}
      save={async (body) => {
        const saved = await adminCall(CONSOLE['POST /discount-codes/{id}'], { params: { id: row.id }, body });
        client.setQueryData(detailKey(saved.id), saved);
        return `割引コード${saved.code}を保存しました。`;
      }}
    >
      <p className="adm-muted">
        変更は、これから受け付ける予約から適用されます。すでに割引コードを使った予約の割引額は変わりません。
      </p>
    </DiscountCodeForm>
  );
}

/** 削除: asked first; the server refuses a code any booking took, which is turned off instead. */
function DeleteDiscountCode({ row }: { row: DiscountCodeRow }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return (
    <DeleteCard
      id="discount-delete-heading"
      note="一度でも予約で使われた割引コードは削除できません。使わなくなった場合は、「有効」のチェックを外して保存してください（無効にする）。"
      button="この割引コードを削除"
      title={`割引コード${row.code}を削除する`}
      remove={async () => {
        await adminCall(CONSOLE['POST /discount-codes/{id}/delete'], { params: { id: row.id } });
        client.removeQueries({ queryKey: detailKey(row.id), exact: true });
        await client.invalidateQueries({ queryKey: listKey, exact: true });
        navigate('/admin/discount-codes', { state: { said: `割引コード${row.code}を削除しました。` } });
      }}
    >
      <p>割引コード{row.code}を削除します。削除すると、お客様はこのコードを使えなくなり、元に戻すことはできません。</p>
    </DeleteCard>
  );
}
