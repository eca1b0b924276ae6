import {
  type AdminOptionRecord,
  CATALOG_EVENT_LABEL,
  type CatalogMasters,
  EX_CODE_LABEL,
  EXTENDED_FIELD_LABEL,
  OPCD_PATTERN,
  RENTAL_CODE_LABEL,
  TRAVEL_KUBUN_LABEL,
} from '@tabi/contract/admin-catalog';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { EXTENDED_FIELD_NAMES, FROMSPOTS, RENTAL_CODES } from '@tabi/contract/constants';
import type { OptionTextField } from '@tabi/contract/content';
import { tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { CatalogMsg } from '@tabi/contract/messages';
import { choosePlace } from '@tabi/contract/places';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
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
  inputOf,
  type OptionDraft,
  problemsOf,
  type TierDraft,
  translationKey,
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
 * The English texts (issue 29), each labelled as its Japanese twin with 「（英語）」: a line, an HTML text (with
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
  const [draft, setDraft] = useState<OptionDraft>(() =>
    record ? draftOf(record.option) : emptyDraft(ymdToIsoDate(tokyoYmd(new Date()))),
  );
  const [newCode, setNewCode] = useState('');
  const [shown, setShown] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  /** Set when a submit is refused: once its messages are drawn, the first field with one takes the focus. */
  const [focusProblem, setFocusProblem] = useState(0);
  useEffect(() => {
    if (focusProblem > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusProblem]);

  /** Every edit goes through here: the draft changes and 「保存しました。」 no longer holds. */
  const change = (edit: (d: OptionDraft) => OptionDraft) => {
    setDraft(edit);
    setSaved('');
  };
  const set = <K extends keyof OptionDraft>(key: K, value: OptionDraft[K]) => change((d) => ({ ...d, [key]: value }));
  const text = (key: keyof OptionDraft) => ({
    value: String(draft[key] ?? ''),
    onChange: (value: string) => set(key, value as never),
    error: shown[key],
  });
  /** An English text's input: its value in the draft's translations, its error under its whole path. */
  const english = (field: OptionTextField) => ({
    value: draft.translations.en[field],
    onChange: (value: string) =>
      change((d) => ({ ...d, translations: { ...d.translations, en: { ...d.translations.en, [field]: value } } })),
    error: shown[translationKey(field)],
  });

  async function after(next: AdminOptionRecord, message: string) {
    client.setQueryData(recordKey(next.opcd), next);
    await catalogChanged(client);
    setSaved(message);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = problemsOf(draft);
    if (!record && !OPCD_PATTERN.test(newCode)) problems.opcd = CatalogMsg.catalogOpcdInvalid;
    setShown(problems);
    setFormError('');
    if (Object.keys(problems).length > 0) {
      setFormError('入力内容に誤りがあります。各項目のメッセージをご確認ください。');
      setFocusProblem((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      if (record) {
        const next = await adminCall(CONSOLE['POST /options/{opcd}'], {
          params: { opcd: record.opcd },
          body: { option: inputOf(draft) },
        });
        await after(next, '保存しました。');
      } else {
        const next = await adminCall(CONSOLE['POST /options'], { body: { opcd: newCode, option: inputOf(draft) } });
        await after(next, '');
        navigate(`/admin/options/${next.opcd}`);
      }
    } catch (e) {
      setFormError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  /** 公開する / 非公開にする, asked for first (issue 28): either changes what customers can buy at once. */
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

  const areas = masters.areas.filter((a) => a.homencd === draft.homencd);
  const cities = masters.cities.filter((c) => c.areacd === draft.areacd);
  const tiers = draft.cancelPolicy;
  const setTier = (i: number, patch: Partial<TierDraft>) =>
    set(
      'cancelPolicy',
      (tiers ?? []).map((t, j) => (j === i ? { ...t, ...patch } : t)),
    );

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
            {record && (
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
            )}
            　予約 {record.bookings}件
          </p>
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
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="adm-option-form">
        <fieldset>
          <legend>基本情報</legend>
          {!record && (
            <TextInput
              label="商品コード"
              hint="英大文字と数字の2〜20文字（例：OP0100）。作成後は変更できません。"
              value={newCode}
              onChange={(v) => setNewCode(v.toUpperCase())}
              error={shown.opcd}
              required
            />
          )}
          <TextInput label="商品名" {...text('webname')} required />
          <div className="adm-filter-grid">
            {(
              [
                ['homencd', '方面', masters.regions.map((r) => ({ value: r.homencd, label: r.homennm }))],
                ['areacd', '地域', areas.map((a) => ({ value: a.areacd, label: a.areanm }))],
                ['citycd', '市区町村', cities.map((c) => ({ value: c.citycd, label: c.citynm }))],
              ] as const
            ).map(([level, label, options]) => (
              <Select
                key={level}
                label={label}
                value={draft[level]}
                onChange={(v) => change((d) => choosePlace(d, level, v))}
                options={options}
                error={shown[level]}
              />
            ))}
            <Select
              label="出発地"
              value={draft.fromspotcd}
              onChange={(v) => set('fromspotcd', v)}
              options={FROMSPOTS.map((f) => ({ value: f.id, label: f.caption }))}
              empty="なし"
            />
            <TextInput label="並び順" inputMode="numeric" {...text('sort')} />
          </div>
          <Checks
            legend="キーワード"
            values={draft.keycds}
            onChange={(v) => set('keycds', v)}
            options={masters.keywords.map((k) => ({ value: k.keycd, label: k.keyname }))}
            error={shown.keycds}
          />
          <div className="adm-filter-grid">
            <TextInput label="販売開始日" type="date" {...text('useFrom')} />
            <TextInput label="販売終了日" type="date" {...text('useTo')} />
          </div>
        </fieldset>

        <fieldset>
          <legend>予約の条件</legend>
          <Check
            label="リクエスト商品（手配後に確定）"
            checked={draft.flgRequestItem}
            onChange={(v) => set('flgRequestItem', v)}
          />
          <div className="adm-filter-grid">
            <Select
              label="旅行区分"
              value={draft.travelkubun}
              onChange={(v) => set('travelkubun', v)}
              options={(['0', '1'] as const).map((v) => ({ value: v, label: TRAVEL_KUBUN_LABEL[Number(v) as 0 | 1] }))}
            />
            <Select
              label="レンタル"
              value={draft.rentalcd}
              onChange={(v) => set('rentalcd', v as OptionDraft['rentalcd'])}
              options={RENTAL_CODES.filter((c) => c !== '').map((c) => ({ value: c, label: RENTAL_CODE_LABEL[c] }))}
              empty={RENTAL_CODE_LABEL['']}
            />
            <TextInput label="最小人数" inputMode="numeric" {...text('minPeople')} />
            <TextInput label="最大人数" inputMode="numeric" {...text('maxPeople')} />
          </div>
          <div className="adm-filter-grid">
            <TextInput label="最少催行人員（空欄：人数によらず催行）" inputMode="numeric" {...text('minTravellers')} />
            <TextInput label="催行の決定（利用日の何日前）" inputMode="numeric" {...text('decisionDaysBefore')} />
            <TextInput label="催行の決定（時刻、例 17:00）" inputMode="numeric" {...text('decisionTime')} />
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
                        {...text(`${c}Age${b.key}`)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <RichText label="年齢の注意書き" {...text('ageNote')} rows={2} />
          <Checks
            legend="追加の入力項目（参加者ごと）"
            values={draft.extendedFields}
            onChange={(v) => set('extendedFields', v as OptionDraft['extendedFields'])}
            options={EXTENDED_FIELD_NAMES.map((n) => ({ value: n, label: EXTENDED_FIELD_LABEL[n] }))}
            error={shown.extendedFields}
          />
        </fieldset>

        <fieldset>
          <legend>クーポン</legend>
          <Check
            label="クーポン商品（施設で暗証番号により利用）"
            checked={draft.isCoupon}
            onChange={(v) => set('isCoupon', v)}
          />
          <Select
            label="利用施設"
            value={draft.facilityId}
            onChange={(v) => set('facilityId', v)}
            options={masters.facilities.map((f) => ({ value: String(f.id), label: f.name }))}
            empty="なし"
            error={shown.facilityId}
          />
        </fieldset>

        <fieldset>
          <legend>説明文（HTML。お客様の画面と同じ方法で安全に表示されます）</legend>
          <RichText label="紹介文" {...text('introduction')} rows={4} />
          <RichText label="内容" {...text('contents')} rows={8} />
          <RichText label="注意事項" {...text('optionattention')} rows={4} />
          <RichText label="ご案内" {...text('information')} rows={4} />
          <RichText label="会社からの注意事項（クーポン）" {...text('companyattention')} rows={3} />
        </fieldset>

        <fieldset>
          <legend>集合・運行会社・地図</legend>
          <TextInput label="集合場所" {...text('meetpoint')} />
          <div className="adm-filter-grid">
            <TextInput label="会社名" {...text('companyname')} />
            <TextInput label="営業時間" {...text('hours')} />
            <TextInput label="住所" {...text('address')} />
            <TextInput label="電話番号" {...text('tel')} />
            <TextInput label="緯度" inputMode="decimal" hint="例：35.6812" {...text('lat')} />
            <TextInput label="経度" inputMode="decimal" hint="例：139.7671" {...text('lon')} />
          </div>
        </fieldset>

        <fieldset>
          <legend>前日案内（利用日の前日にお客様へ送るメール）</legend>
          <Check
            label="前日案内を送る（集合場所・時間、地図、持ち物、レンタル、連絡先、マイページ）"
            checked={draft.dayBeforeMail}
            onChange={(v) => set('dayBeforeMail', v)}
          />
          <Field
            label="前日案内に添えるお知らせ（テキスト、1,000文字まで）"
            hint="例：駐車場は店舗裏をご利用ください。"
            error={shown.dayBeforeNote}
          >
            {(c) => (
              <textarea
                {...c}
                rows={3}
                value={draft.dayBeforeNote}
                onChange={(e) => set('dayBeforeNote', e.target.value)}
              />
            )}
          </Field>
        </fieldset>

        <fieldset>
          <legend>外部連携</legend>
          <div className="adm-filter-grid">
            <Select
              label="外部コード"
              value={draft.exCd}
              onChange={(v) => set('exCd', v)}
              options={([1, 2, 3] as const).map((v) => ({ value: String(v), label: EX_CODE_LABEL[v] }))}
              empty={EX_CODE_LABEL[0]}
            />
            <TextInput label="サービス番号" {...text('serviceno')} />
            <TextInput label="発券方法" {...text('exIssueMethod')} />
            <TextInput label="出発地（乗車）" {...text('departurePoint')} />
            <TextInput label="出発時刻" {...text('departureTime')} />
            <TextInput label="到着地（降車）" {...text('arrivalPoint')} />
            <TextInput label="到着時刻" {...text('arrivalTime')} />
          </div>
        </fieldset>

        <fieldset>
          <legend>キャンセル</legend>
          <RichText label="キャンセル規定の説明" {...text('cancelNote')} rows={3} />
          <Check
            label="標準のキャンセル料率を使う（20日前から20%、7日前30%、前日40%、当日50%、開始後・無連絡100%）"
            checked={tiers === null}
            onChange={(v) =>
              set(
                'cancelPolicy',
                v ? null : DEFAULT_TIERS.map((t) => ({ daysBefore: String(t.daysBefore), percent: String(t.percent) })),
              )
            }
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
                {tiers.map((t, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: tiers have no identity but their place
                  <tr key={i}>
                    {TIER_FIELDS.map((f) => (
                      <td key={f.key}>
                        <TextInput
                          label={`${i + 1}段目の${f.label}`}
                          hideLabel
                          inputMode="numeric"
                          value={t[f.key]}
                          onChange={(v) => setTier(i, { [f.key]: v })}
                        />
                      </td>
                    ))}
                    <td>
                      <button
                        type="button"
                        className="adm-button"
                        onClick={() =>
                          set(
                            'cancelPolicy',
                            tiers.filter((_, j) => j !== i),
                          )
                        }
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
              onClick={() => set('cancelPolicy', [...tiers, { daysBefore: '', percent: '' }])}
            >
              段を追加
            </button>
          )}
          {shown.cancelPolicy && <p className="adm-error-text">{shown.cancelPolicy}</p>}
        </fieldset>

        <fieldset aria-describedby="option-english-hint">
          <legend>英語（English）の表示</legend>
          <p className="hint" id="option-english-hint">
            空欄の項目は英語ページに日本語で表示されます。
          </p>
          {ENGLISH_FIELDS.map(({ field, label, kind, rows }) => {
            const name = `${label}（英語）`;
            if (kind === 'html')
              return <RichText key={field} label={name} lang="en" {...english(field)} rows={rows ?? 3} />;
            if (kind === 'line') return <TextInput key={field} label={name} lang="en" {...english(field)} />;
            const { value, onChange, error } = english(field);
            return (
              <Field key={field} label={name} hint="テキスト、1,000文字まで。" error={error}>
                {(c) => (
                  <textarea {...c} lang="en" rows={rows} value={value} onChange={(e) => onChange(e.target.value)} />
                )}
              </Field>
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
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  hideLabel?: boolean;
  required?: boolean;
  type?: string;
  inputMode?: 'numeric' | 'decimal';
  /** The language of the text typed (an English text's input). */
  lang?: string;
}

function TextInput({
  label,
  value,
  onChange,
  error,
  hint,
  hideLabel,
  required,
  type,
  inputMode,
  lang,
}: TextInputProps) {
  return (
    <Field
      label={hideLabel ? <span className="visually-hidden">{label}</span> : label}
      required={required}
      hint={hint}
      error={error}
    >
      {(c) => (
        <input
          {...c}
          type={type ?? 'text'}
          value={value}
          inputMode={inputMode}
          lang={lang}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

function Select(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  empty?: string;
  error?: string | undefined;
}) {
  return (
    <Field label={props.label} error={props.error}>
      {(c) => (
        <select {...c} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
          <option value="">{props.empty ?? '選択してください'}</option>
          <Options options={props.options} />
        </select>
      )}
    </Field>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="adm-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
    </label>
  );
}

function Checks(props: {
  legend: string;
  values: string[];
  onChange: (values: string[]) => void;
  options: { value: string; label: string }[];
  error?: string | undefined;
}) {
  return (
    <fieldset className="adm-checks">
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <Check
          key={o.value}
          label={o.label}
          checked={props.values.includes(o.value)}
          onChange={(on) => props.onChange(on ? [...props.values, o.value] : props.values.filter((v) => v !== o.value))}
        />
      ))}
      {props.error && <p className="adm-error-text">{props.error}</p>}
    </fieldset>
  );
}

/** A rich text field: HTML typed as text, shown beside it through the public page's own sanitiser. */
function RichText(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  rows: number;
  /** The language of the text typed (an English text's field and its preview). */
  lang?: string;
}): ReactNode {
  return (
    <div className="adm-rich">
      <Field label={props.label} error={props.error}>
        {(c) => (
          <textarea
            {...c}
            lang={props.lang}
            rows={props.rows}
            value={props.value}
            onChange={(e) => props.onChange(e.target.value)}
          />
        )}
      </Field>
      <section className="adm-rich-preview" aria-label={`${props.label}のプレビュー`}>
        {props.value.trim() === '' ? (
          <p className="adm-muted">（未入力）</p>
        ) : (
          <SafeHtml html={props.value} lang={props.lang} />
        )}
      </section>
    </div>
  );
}
