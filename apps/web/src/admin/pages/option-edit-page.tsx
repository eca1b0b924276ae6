import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminOptionRecord,
  CATALOG_EVENT_LABEL,
  type CatalogMasters,
  EX_CODE_LABEL,
  EXTENDED_FIELD_LABEL,
  RENTAL_CODE_LABEL,
  TRAVEL_KUBUN_LABEL,
} from '@tabi/contract/admin-catalog';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { EXTENDED_FIELD_NAMES, FROMSPOTS, RENTAL_CODES } from '@tabi/contract/constants';
import type { OptionTextField } from '@tabi/contract/content';
import { tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { choosePlace } from '@tabi/contract/places';
import { SALES_CUTOFF_TIME, salesCutoffText } from '@tabi/contract/sales-cutoff';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type InputHTMLAttributes, type ReactNode, type Ref, useEffect, useState } from 'react';
import {
  type Control,
  get,
  type Path,
  type PathValue,
  type RegisterOptions,
  type UseFormRegisterReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { Field } from '../../components/form/field.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { ActionDialog } from '../components/action-dialog.tsx';
import { Options } from '../components/filters.tsx';
import { OptionPhotos } from '../components/option-photos.tsx';
import { AdminPage } from '../components/page.tsx';
import { FormAlert, Loading, QueryError } from '../components/query-state.tsx';
import { adminCall, errorText } from '../lib/admin-api.ts';
import { catalogChanged } from '../lib/catalog-queries.ts';
import { tokyoDateTime } from '../lib/format.ts';
import {
  DEFAULT_TIERS,
  draftOf,
  emptyDraft,
  newOptionForm,
  type OptionBody,
  type OptionFormValues,
  optionForm,
  type TierDraft,
} from '../lib/option-form.ts';

/** The age table's two bounds: the draft's `…AgeMin`/`…AgeMax` fields and their column heads. */
const AGE_BOUNDS = [
  { key: 'Min', head: '下限年齢' },
  { key: 'Max', head: '上限年齢' },
] as const;

/** The cancellation tiers' columns: a tier's field, its column head and its inputs' label. */
const TIER_FIELDS: readonly { key: keyof TierDraft; head: string; label: string }[] = [
  { key: 'daysBefore', head: '何日前から', label: '日数' },
  { key: 'percent', head: '料率（%）', label: '料率' },
];

/**
 * The English texts, each labelled as its Japanese twin with 「（英語）」: a line, an HTML text (with
 * its preview) or the day-before note (plain text).
 */
const ENGLISH_FIELDS: readonly {
  field: OptionTextField;
  label: string;
  kind: 'line' | 'html' | 'note';
  rows?: number;
}[] = [
  { field: 'webname', label: '商品名', kind: 'line' },
  { field: 'introduction', label: '紹介文', kind: 'html', rows: 4 },
  { field: 'contents', label: '内容', kind: 'html', rows: 8 },
  { field: 'optionattention', label: '注意事項', kind: 'html', rows: 4 },
  { field: 'information', label: 'ご案内', kind: 'html', rows: 4 },
  { field: 'companyattention', label: '会社からの注意事項（クーポン）', kind: 'html', rows: 3 },
  { field: 'ageNote', label: '年齢の注意書き', kind: 'html', rows: 2 },
  { field: 'cancelNote', label: 'キャンセル規定の説明', kind: 'html', rows: 3 },
  { field: 'meetpoint', label: '集合場所', kind: 'line' },
  { field: 'companyname', label: '会社名', kind: 'line' },
  { field: 'hours', label: '営業時間', kind: 'line' },
  { field: 'address', label: '住所', kind: 'line' },
  { field: 'departurePoint', label: '出発地（乗車）', kind: 'line' },
  { field: 'arrivalPoint', label: '到着地（降車）', kind: 'line' },
  { field: 'dayBeforeNote', label: '前日案内に添えるお知らせ', kind: 'note', rows: 3 },
];

const recordKey = (opcd: string) => ['admin', 'catalog', opcd] as const;

const INVALID = '入力内容に誤りがあります。各項目のメッセージをご確認ください。';
const PLACE_LEVELS = ['homencd', 'areacd', 'citycd'] as const;
const TIERS_ERROR_ID = 'option-tiers-error';

type OptionPath = Path<OptionFormValues>;
/** The form's texts: an HTML text's preview reads one as it is typed. */
type TextPath = { [P in OptionPath]: PathValue<OptionFormValues, P> extends string ? P : never }[OptionPath];

/** A field's registration and the first message of its error (of any of its parts: a tier's, a keyword's). */
interface FieldBinding {
  input: UseFormRegisterReturn;
  error: string | undefined;
}

function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message !== '') return error.message;
  for (const [key, inner] of Object.entries(error)) {
    const message = key === 'ref' ? undefined : messageOf(inner);
    if (message) return message;
  }
  return undefined;
}

/** /admin/options/new and /admin/options/:opcd: 商品編集 (admin only). */
export function OptionEditPage() {
  const opcd = useParams().opcd ?? '';
  const isNew = opcd === 'new';
  const masters = useQuery({
    queryKey: ['admin', 'catalog-masters'],
    queryFn: () => adminCall(CONSOLE['GET /options/masters']),
  });
  const record = useQuery({
    queryKey: recordKey(opcd),
    queryFn: () => adminCall(CONSOLE['GET /options/{opcd}'], { params: { opcd } }),
    enabled: !isNew,
  });
  const error = masters.error ?? record.error;
  const ready = masters.data && (isNew || record.data);
  return (
    <AdminPage
      title={isNew ? '商品の新規作成' : '商品編集'}
      heading={isNew ? '商品の新規作成' : `商品編集 ${opcd}`}
      back={{ to: '/admin/options', label: '商品一覧へ戻る' }}
    >
      <QueryError error={error} />
      {!error && !ready && <Loading />}
      {ready && masters.data && (
        <OptionForm
          key={record.data?.opcd ?? 'new'}
          masters={masters.data}
          record={isNew ? null : (record.data ?? null)}
        />
      )}
    </AdminPage>
  );
}

function OptionForm({ masters, record }: { masters: CatalogMasters; record: AdminOptionRecord | null }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  // A new option's code is asked for and sent with its fields; an option's own is its address.
  const schema: z.ZodType<OptionBody, OptionFormValues> = record ? optionForm : newOptionForm;
  const form = useForm<OptionFormValues, unknown, OptionBody>({
    resolver: zodResolver(schema),
    defaultValues: {
      opcd: '',
      option: record ? draftOf(record.option) : emptyDraft(ymdToIsoDate(tokyoYmd(new Date()))),
    },
  });
  const { register, control, getValues, setValue } = form;
  const { errors } = form.formState;
  const [formError, setFormError] = useState('');
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);

  // Every edit means 「保存しました。」 no longer holds.
  useEffect(() => form.watch(() => setSaved('')).unsubscribe, [form]);

  const field = (name: OptionPath, options?: RegisterOptions<OptionFormValues>): FieldBinding => ({
    input: register(name, options),
    error: messageOf(get(errors, name)),
  });
  const text = (name: TextPath) => ({ ...field(name), name, control });

  async function after(next: AdminOptionRecord, message: string) {
    client.setQueryData(recordKey(next.opcd), next);
    await catalogChanged(client);
    setSaved(message);
  }

  async function save(body: OptionBody) {
    setBusy(true);
    try {
      if ('opcd' in body) {
        const next = await adminCall(CONSOLE['POST /options'], { body });
        await after(next, '');
        navigate(`/admin/options/${next.opcd}`);
      } else if (record) {
        const next = await adminCall(CONSOLE['POST /options/{opcd}'], { params: { opcd: record.opcd }, body });
        await after(next, '保存しました。');
      }
    } catch (e) {
      setFormError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  /** 公開する / 非公開にする, asked for first: either changes what customers can buy at once. */
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const [publishError, setPublishError] = useState<string | null>(null);

  async function publish(published: boolean) {
    if (!record) return;
    setBusy(true);
    setPublishError(null);
    try {
      const next = await adminCall(
        published ? CONSOLE['POST /options/{opcd}/publish'] : CONSOLE['POST /options/{opcd}/unpublish'],
        { params: { opcd: record.opcd } },
      );
      setConfirming(null);
      await after(next, published ? '公開しました。お客様の画面に表示されます。' : '非公開（下書き）にしました。');
    } catch (e) {
      setPublishError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const [homencd, areacd, tiers] = useWatch({
    control,
    name: ['option.homencd', 'option.areacd', 'option.cancelPolicy'],
  });
  const areas = masters.areas.filter((a) => a.homencd === homencd);
  const cities = masters.cities.filter((c) => c.areacd === areacd);
  /** A place chosen empties the places under it (an area of another region is no longer offered). */
  const place = (level: (typeof PLACE_LEVELS)[number]) =>
    field(`option.${level}`, {
      onChange: () => {
        const current = getValues('option');
        const next = choosePlace(current, level, current[level]);
        for (const l of PLACE_LEVELS) if (next[l] !== current[l]) setValue(`option.${l}`, next[l]);
      },
    });
  const setTiers = (next: TierDraft[] | null) => setValue('option.cancelPolicy', next, { shouldDirty: true });
  const tiersError = messageOf(errors.option?.cancelPolicy);

  return (
    <>
      {record && (
        <div className="adm-card adm-catalog-state">
          <p>
            状態：
            {record.published ? (
              <strong>公開中</strong>
            ) : (
              <span className="adm-status adm-status-6">下書き（お客様には表示されません）</span>
            )}
            　予約 {record.bookings}件
          </p>
          <ActionDialog
            open={confirming !== null}
            title={confirming ? '商品を公開する' : '商品を非公開（下書き）にする'}
            submitLabel={confirming ? '公開する' : '非公開にする'}
            danger={confirming === false}
            busy={busy}
            error={publishError}
            onClose={() => {
              setConfirming(null);
              setPublishError(null);
            }}
            onSubmit={() => void publish(confirming === true)}
          >
            <p>
              {confirming
                ? `「${record.option.webname}」をお客様の画面に表示し、すぐに販売を始めます。`
                : `「${record.option.webname}」をお客様の画面から外し、販売をやめます。お受けした予約（${record.bookings}件）はそのまま残ります。`}
            </p>
          </ActionDialog>
          <div className="adm-head-actions">
            {record.published ? (
              <button type="button" className="adm-button" disabled={busy} onClick={() => setConfirming(false)}>
                非公開（下書き）にする
              </button>
            ) : (
              <button
                type="button"
                className="adm-button adm-primary"
                disabled={busy}
                onClick={() => setConfirming(true)}
              >
                公開する
              </button>
            )}
            <Link className="adm-button" to={`/admin/options/${record.opcd}/stock`}>
              在庫・料金カレンダー
            </Link>
            <Link className="adm-button" to={`/admin/options/${record.opcd}/preview`}>
              公開ページのプレビュー
            </Link>
          </div>
        </div>
      )}
      {saved && <output className="adm-success">{saved}</output>}
      <FormAlert>{formError}</FormAlert>
      <form
        onSubmit={(event) => {
          setFormError('');
          void form.handleSubmit(save, () => setFormError(INVALID))(event);
        }}
        noValidate
        className="adm-option-form"
      >
        <fieldset>
          <legend>基本情報</legend>
          {!record && (
            <TextInput
              label="商品コード"
              hint="英大文字と数字の2〜20文字（例：OP0100）。作成後は変更できません。"
              field={field('opcd', {
                onChange: () => {
                  const typed = getValues('opcd');
                  if (typed !== typed.toUpperCase()) setValue('opcd', typed.toUpperCase());
                },
              })}
              required
            />
          )}
          <TextInput label="商品名" field={field('option.webname')} required />
          <div className="adm-filter-grid">
            <Select
              label="方面"
              field={place('homencd')}
              options={masters.regions.map((r) => ({ value: r.homencd, label: r.homennm }))}
            />
            <Select
              label="地域"
              field={place('areacd')}
              options={areas.map((a) => ({ value: a.areacd, label: a.areanm }))}
            />
            <Select
              label="市区町村"
              field={place('citycd')}
              options={cities.map((c) => ({ value: c.citycd, label: c.citynm }))}
            />
            <Select
              label="出発地"
              field={field('option.fromspotcd')}
              options={FROMSPOTS.map((f) => ({ value: f.id, label: f.caption }))}
              empty="なし"
            />
            <TextInput label="並び順" inputMode="numeric" field={field('option.sort')} />
          </div>
          <Checks
            legend="キーワード"
            field={field('option.keycds')}
            options={masters.keywords.map((k) => ({ value: k.keycd, label: k.keyname }))}
          />
          <div className="adm-filter-grid">
            <TextInput label="販売開始日" type="date" field={field('option.useFrom')} />
            <TextInput label="販売終了日" type="date" field={field('option.useTo')} />
          </div>
        </fieldset>

        <fieldset>
          <legend>予約の条件</legend>
          <Check label="リクエスト商品（手配後に確定）" input={register('option.flgRequestItem')} />
          <div className="adm-filter-grid">
            <Select
              label="旅行区分"
              field={field('option.travelkubun')}
              options={(['0', '1'] as const).map((v) => ({ value: v, label: TRAVEL_KUBUN_LABEL[Number(v) as 0 | 1] }))}
            />
            <Select
              label="レンタル"
              field={field('option.rentalcd')}
              options={RENTAL_CODES.filter((c) => c !== '').map((c) => ({ value: c, label: RENTAL_CODE_LABEL[c] }))}
              empty={RENTAL_CODE_LABEL['']}
            />
            <TextInput label="最小人数" inputMode="numeric" field={field('option.minPeople')} />
            <TextInput label="最大人数" inputMode="numeric" field={field('option.maxPeople')} />
          </div>
          <div className="adm-filter-grid">
            <TextInput
              label="最少催行人員（空欄：人数によらず催行）"
              inputMode="numeric"
              field={field('option.minTravellers')}
            />
            <TextInput
              label="催行の決定（利用日の何日前）"
              inputMode="numeric"
              field={field('option.decisionDaysBefore')}
            />
            <TextInput label="催行の決定（時刻、例 17:00）" inputMode="numeric" field={field('option.decisionTime')} />
          </div>
          <div className="adm-filter-grid">
            <TextInput
              label="申込締切（利用日の何日前、0：当日）"
              inputMode="numeric"
              field={field('option.salesCutoffDaysBefore')}
            />
            <TextInput label="申込締切（時刻、例 17:00）" inputMode="numeric" field={field('option.salesCutoffTime')} />
            <SalesCutoffSummary control={control} />
          </div>
          <table className="adm-table adm-age-table">
            <caption>年齢区分（上限を空欄にした区分は受け付けません。大人は上限なしにできます）</caption>
            <thead>
              <tr>
                <th scope="col">区分</th>
                {AGE_BOUNDS.map((b) => (
                  <th key={b.key} scope="col">
                    {b.head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(
                [
                  ['adult', '大人'],
                  ['middle', '中人'],
                  ['child', '小人'],
                  ['infant', '幼児'],
                ] as const
              ).map(([c, label]) => (
                <tr key={c}>
                  <th scope="row">{label}</th>
                  {AGE_BOUNDS.map((b) => (
                    <td key={b.key}>
                      <TextInput
                        label={`${label}の${b.head}`}
                        hideLabel
                        inputMode="numeric"
                        field={field(`option.${c}Age${b.key}`)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <RichText label="年齢の注意書き" {...text('option.ageNote')} rows={2} />
          <Checks
            legend="追加の入力項目（参加者ごと）"
            field={field('option.extendedFields')}
            options={EXTENDED_FIELD_NAMES.map((n) => ({ value: n, label: EXTENDED_FIELD_LABEL[n] }))}
          />
        </fieldset>

        <fieldset>
          <legend>クーポン</legend>
          <Check label="クーポン商品（施設で暗証番号により利用）" input={register('option.isCoupon')} />
          <Select
            label="利用施設"
            field={field('option.facilityId')}
            options={masters.facilities.map((f) => ({ value: String(f.id), label: f.name }))}
            empty="なし"
          />
        </fieldset>

        <fieldset>
          <legend>説明文（HTML。お客様の画面と同じ方法で安全に表示されます）</legend>
          <RichText label="紹介文" {...text('option.introduction')} rows={4} />
          <RichText label="内容" {...text('option.contents')} rows={8} />
          <RichText label="注意事項" {...text('option.optionattention')} rows={4} />
          <RichText label="ご案内" {...text('option.information')} rows={4} />
          <RichText label="会社からの注意事項（クーポン）" {...text('option.companyattention')} rows={3} />
        </fieldset>

        <fieldset>
          <legend>集合・運行会社・地図</legend>
          <TextInput label="集合場所" field={field('option.meetpoint')} />
          <div className="adm-filter-grid">
            <TextInput label="会社名" field={field('option.companyname')} />
            <TextInput label="営業時間" field={field('option.hours')} />
            <TextInput label="住所" field={field('option.address')} />
            <TextInput label="電話番号" field={field('option.tel')} />
            <TextInput label="緯度" inputMode="decimal" hint="例：35.6812" field={field('option.lat')} />
            <TextInput label="経度" inputMode="decimal" hint="例：139.7671" field={field('option.lon')} />
          </div>
        </fieldset>

        <fieldset>
          <legend>前日案内（利用日の前日にお客様へ送るメール）</legend>
          <Check
            label="前日案内を送る（集合場所・時間、地図、持ち物、レンタル、連絡先、マイページ）"
            input={register('option.dayBeforeMail')}
          />
          <Note
            label="前日案内に添えるお知らせ（テキスト、1,000文字まで）"
            hint="例：駐車場は店舗裏をご利用ください。"
            field={field('option.dayBeforeNote')}
          />
        </fieldset>

        <fieldset>
          <legend>外部連携</legend>
          <div className="adm-filter-grid">
            <Select
              label="外部コード"
              field={field('option.exCd')}
              options={([1, 2, 3] as const).map((v) => ({ value: String(v), label: EX_CODE_LABEL[v] }))}
              empty={EX_CODE_LABEL[0]}
            />
            <TextInput label="サービス番号" field={field('option.serviceno')} />
            <TextInput label="発券方法" field={field('option.exIssueMethod')} />
            <TextInput label="出発地（乗車）" field={field('option.departurePoint')} />
            <TextInput label="出発時刻" field={field('option.departureTime')} />
            <TextInput label="到着地（降車）" field={field('option.arrivalPoint')} />
            <TextInput label="到着時刻" field={field('option.arrivalTime')} />
          </div>
        </fieldset>

        <fieldset>
          <legend>キャンセル</legend>
          <RichText label="キャンセル規定の説明" {...text('option.cancelNote')} rows={3} />
          <Check
            label="標準のキャンセル料率を使う（20日前から20%、7日前30%、前日40%、当日50%、開始後・無連絡100%）"
            input={{
              checked: tiers === null,
              onChange: (e) =>
                setTiers(
                  e.target.checked
                    ? null
                    : DEFAULT_TIERS.map((t) => ({ daysBefore: String(t.daysBefore), percent: String(t.percent) })),
                ),
            }}
          />
          {tiers && (
            <table className="adm-table adm-tier-table">
              <caption>キャンセル料率（日数の多い順。-1 は開始後・無連絡）</caption>
              <thead>
                <tr>
                  {TIER_FIELDS.map((f) => (
                    <th key={f.key} scope="col">
                      {f.head}
                    </th>
                  ))}
                  <th scope="col">
                    <span className="visually-hidden">操作</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tiers.map((_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: tiers have no identity but their place
                  <tr key={i}>
                    {TIER_FIELDS.map((f) => {
                      const tier = field(`option.cancelPolicy.${i}.${f.key}`);
                      return (
                        <td key={f.key}>
                          {/* The tiers' message is the table's, under it. */}
                          <TextInput
                            label={`${i + 1}段目の${f.label}`}
                            hideLabel
                            inputMode="numeric"
                            field={{ input: tier.input, error: undefined }}
                            invalid={tier.error !== undefined}
                            describedBy={tier.error ? TIERS_ERROR_ID : undefined}
                          />
                        </td>
                      );
                    })}
                    <td>
                      <button
                        type="button"
                        className="adm-button"
                        onClick={() => setTiers((getValues('option.cancelPolicy') ?? []).filter((_, j) => j !== i))}
                      >
                        {i + 1}段目を削除
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {tiers && (
            <button
              type="button"
              className="adm-button"
              onClick={() => setTiers([...(getValues('option.cancelPolicy') ?? []), { daysBefore: '', percent: '' }])}
            >
              段を追加
            </button>
          )}
          {tiersError && (
            <p className="adm-error-text" id={TIERS_ERROR_ID}>
              {tiersError}
            </p>
          )}
        </fieldset>

        <fieldset aria-describedby="option-english-hint">
          <legend>英語（English）の表示</legend>
          <p className="hint" id="option-english-hint">
            空欄の項目は英語ページに日本語で表示されます。
          </p>
          {ENGLISH_FIELDS.map(({ field: name, label, kind, rows }) => {
            const path = `option.translations.en.${name}` as const;
            const english = `${label}（英語）`;
            if (kind === 'html')
              return <RichText key={name} label={english} lang="en" {...text(path)} rows={rows ?? 3} />;
            if (kind === 'line') return <TextInput key={name} label={english} lang="en" field={field(path)} />;
            return (
              <Note
                key={name}
                label={english}
                hint="テキスト、1,000文字まで。"
                lang="en"
                rows={rows}
                field={field(path)}
              />
            );
          })}
        </fieldset>

        <div className="adm-form-actions">
          <button type="submit" className="adm-primary" disabled={busy}>
            {record ? '保存する' : '下書きとして作成'}
          </button>
        </div>
      </form>
      {record && <OptionPhotos opcd={record.opcd} />}
      {record && <CatalogHistory record={record} />}
    </>
  );
}

function CatalogHistory({ record }: { record: AdminOptionRecord }) {
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

interface TextInputProps {
  label: string;
  field: FieldBinding;
  hint?: string;
  hideLabel?: boolean;
  required?: boolean;
  type?: string;
  inputMode?: 'numeric' | 'decimal';
  /** The language of the text typed (an English text's input). */
  lang?: string;
  /** Marked invalid with its message elsewhere (a cancellation tier's, under the table). */
  invalid?: boolean;
  describedBy?: string | undefined;
}

function TextInput({
  label,
  field,
  hint,
  hideLabel,
  required,
  type,
  inputMode,
  lang,
  invalid,
  describedBy,
}: TextInputProps) {
  return (
    <Field
      label={hideLabel ? <span className="visually-hidden">{label}</span> : label}
      required={required}
      hint={hint}
      error={field.error}
      invalid={invalid}
      describedBy={describedBy}
    >
      {(c) => <input {...c} type={type ?? 'text'} inputMode={inputMode} lang={lang} {...field.input} />}
    </Field>
  );
}

/** A plain text of several lines (the day-before note, in Japanese and in English). */
function Note(props: { label: string; hint: string; field: FieldBinding; rows?: number | undefined; lang?: string }) {
  return (
    <Field label={props.label} hint={props.hint} error={props.field.error}>
      {(c) => <textarea {...c} lang={props.lang} rows={props.rows ?? 3} {...props.field.input} />}
    </Field>
  );
}

function Select(props: {
  label: string;
  field: FieldBinding;
  options: { value: string; label: string }[];
  empty?: string;
}) {
  return (
    <Field label={props.label} error={props.field.error}>
      {(c) => (
        <select {...c} {...props.field.input}>
          <option value="">{props.empty ?? '選択してください'}</option>
          <Options options={props.options} />
        </select>
      )}
    </Field>
  );
}

type CheckInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> };

function Check({ label, input }: { label: string; input: CheckInput }) {
  return (
    <label className="adm-check">
      <input type="checkbox" {...input} /> {label}
    </label>
  );
}

/** Checkboxes that make a list (the keywords, the extended fields): each checked one's value is in it. */
function Checks(props: { legend: string; field: FieldBinding; options: { value: string; label: string }[] }) {
  return (
    <fieldset className="adm-checks">
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <Check key={o.value} label={o.label} input={{ ...props.field.input, value: o.value }} />
      ))}
      {props.field.error && <p className="adm-error-text">{props.field.error}</p>}
    </fieldset>
  );
}

/** A rich text field: HTML typed as text, shown beside it through the public page's own sanitiser. */
function RichText(props: {
  label: string;
  name: TextPath;
  control: Control<OptionFormValues, unknown, OptionBody>;
  input: UseFormRegisterReturn;
  error: string | undefined;
  rows: number;
  /** The language of the text typed (an English text's field and its preview). */
  lang?: string;
}): ReactNode {
  const value = useWatch({ control: props.control, name: props.name });
  return (
    <div className="adm-rich">
      <Field label={props.label} error={props.error}>
        {(c) => <textarea {...c} lang={props.lang} rows={props.rows} {...props.input} />}
      </Field>
      <section className="adm-rich-preview" aria-label={`${props.label}のプレビュー`}>
        {value.trim() === '' ? <p className="adm-muted">（未入力）</p> : <SafeHtml html={value} lang={props.lang} />}
      </section>
    </div>
  );
}

/** The cutoff as the detail page says it to customers, while the clerk types it. */
function SalesCutoffSummary({ control }: { control: Control<OptionFormValues, unknown, OptionBody> }) {
  const [days, time] = useWatch({ control, name: ['option.salesCutoffDaysBefore', 'option.salesCutoffTime'] });
  const daysBefore = Number(String(days).normalize('NFKC'));
  const clock = String(time).normalize('NFKC').trim();
  const valid = Number.isInteger(daysBefore) && daysBefore >= 0 && SALES_CUTOFF_TIME.test(clock);
  return (
    <p className="adm-muted" aria-live="polite">
      {valid ? `お客様への表示：${salesCutoffText({ daysBefore, time: clock }, 'ja')}` : ''}
    </p>
  );
}
