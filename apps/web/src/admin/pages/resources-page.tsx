/**
 * リソース (admin only, ADR 0209): the boats and vehicles, guides and staff, rental equipment that options share, with
 * their capacities and the facility that owns them. The list shows what today's bookings use and leave; a resource's
 * page edits it, the options that use it, its capacities by date (with the bookings that hold it on the date typed),
 * and shows its next 15 days. Every refusal is the server's (a capacity below what bookings hold, two resources of
 * one pool for an option, an option of another facility), said in the form that asked.
 */
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { formatDay } from '@tabi/contract/dates';
import {
  RESOURCE_KIND_LABEL,
  RESOURCE_PER_LABEL,
  RESOURCE_USAGE_LABEL,
  type ResourceBooking,
  type ResourceDay,
  type ResourceDetail,
  type ResourceExceptionRequest,
  type ResourceExceptionRow,
  ResourceMsg,
  type ResourceRequest,
  type ResourceRow,
  type ResourceUseRequest,
  type ResourceUseRow,
  resourceBookingsQuery,
  resourceException,
  resourceRequest,
  resourceUse,
} from '@tabi/contract/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Field } from '../../components/form/field.tsx';
import { ReassignForm } from '../components/booking-resources.tsx';
import { buttonColumn } from '../components/button-column.tsx';
import { bookingCell, NUM, Product, WRAP } from '../components/cells.tsx';
import { DataTable } from '../components/data-table.tsx';
import { DatedNumberForm } from '../components/dated-number-form.tsx';
import { DeleteCard } from '../components/delete-card.tsx';
import { DetailView, useDetailQuery } from '../components/detail-query.tsx';
import { type Choice, choicesOf, optionChoices } from '../components/filters.tsx';
import { useListChange } from '../components/list-change.ts';
import { AdminPage, Card, Facts } from '../components/page.tsx';
import { FormAlert, QueryView } from '../components/query-state.tsx';
import { SchemaForm, useSchemaForm } from '../components/schema-form.tsx';
import { SelectField } from '../components/select-field.tsx';
import { adminCall } from '../lib/admin-api.ts';
import { useOptionChoices } from '../lib/catalog-queries.ts';

const listKey = ['admin', 'resources'] as const;
const detailKey = (id: number) => ['admin', 'resources', id] as const;
const dayBookingsKey = (id: number, date: string) => ['admin', 'resources', id, 'bookings', date] as const;
/** 施設とクーポン's list, whose cache the facility selects share. */
const facilitiesKey = ['admin', 'facilities'] as const;

type Say = (message: string) => void;

const day = (date: string) => formatDay(date, 'ja', { weekday: true });
const usesText = (uses: ResourceUseRow[]) =>
  uses.map((u) => `${u.opcd} ${u.webname}（${RESOURCE_USAGE_LABEL[u.usage]}）`).join('、') || '—';

// --- 一覧 ----------------------------------------------------------------------------------------------------------

const today = (r: ResourceRow): ResourceDay | undefined => r.days[0];

const column = createColumnHelper<ResourceRow>();
const columns = [
  column.accessor('name', {
    header: 'リソース名',
    meta: { rowHeader: true, className: 'wrap' },
    cell: (c) => <Link to={`/admin/resources/${c.row.original.id}`}>{c.getValue()}</Link>,
  }),
  column.accessor('kind', { header: '種類', cell: (c) => RESOURCE_KIND_LABEL[c.getValue()] }),
  column.accessor('capacity', { header: '容量', meta: NUM }),
  column.accessor('per', { header: '数え方', cell: (c) => RESOURCE_PER_LABEL[c.getValue()] }),
  column.accessor('pool', { header: 'プール', meta: WRAP, cell: (c) => c.getValue() ?? '—' }),
  column.accessor('facility', { header: '施設', meta: WRAP, cell: (c) => c.getValue()?.name ?? '—' }),
  column.accessor('uses', { header: '使う商品', meta: WRAP, cell: (c) => usesText(c.getValue()) }),
  column.display({
    id: 'used',
    header: '今日の使用',
    meta: NUM,
    cell: (c) => today(c.row.original)?.used ?? '—',
  }),
  column.display({
    id: 'left',
    header: '今日の残り',
    meta: NUM,
    cell: (c) => {
      const d = today(c.row.original);
      if (!d) return '—';
      return d.exception === null ? d.left : `${d.left}（日付別の容量 ${d.capacity}）`;
    },
  }),
] as ColumnDef<ResourceRow, unknown>[];

/** リソース: every resource, what today's bookings use of it and leave, and a form to add one. */
export function ResourcesPage() {
  const list = useQuery({ queryKey: listKey, queryFn: () => adminCall(CONSOLE['GET /resources']) });
  // A resource deleted on its own page says so here, where the clerk lands.
  const arrived = (useLocation().state as { said?: string } | null)?.said ?? '';
  const [message, setMessage] = useState(arrived);
  return (
    <AdminPage title="リソース">
      <p className="adm-lead">
        複数の商品で共有する船・車両、ガイド・スタッフ、レンタル用品と、その容量を管理します。予約は商品の在庫に加えて、使うリソースに空きがある場合だけ受け付けます。
      </p>
      {message && <output className="adm-success">{message}</output>}
      <AddResource say={setMessage} />
      <QueryView query={list}>
        {(rows) => (
          <DataTable
            caption="リソース一覧"
            captionShown
            columns={columns}
            data={rows}
            empty="リソースはまだ登録されていません。"
          />
        )}
      </QueryView>
      <p className="adm-muted">
        使用・残りは、予約を確保している（キャンセル・期限切れでない）予約の分です。出発便ごとに数えるリソースは、最も多く使われている便の数です。
      </p>
    </AdminPage>
  );
}

// --- リソースの項目 ----------------------------------------------------------------------------------------------

const EMPTY: ResourceRequest = { name: '', kind: 'vehicle', capacity: '', per: 'departure', pool: '', facilityId: '' };

const KIND_CHOICES = choicesOf(RESOURCE_KIND_LABEL);
const PER_CHOICES = choicesOf(RESOURCE_PER_LABEL);
const USAGE_CHOICES = choicesOf(RESOURCE_USAGE_LABEL);

const valuesOf = (r: ResourceRow): ResourceRequest => ({
  name: r.name,
  kind: r.kind,
  capacity: String(r.capacity),
  per: r.per,
  pool: r.pool ?? '',
  facilityId: r.facility ? String(r.facility.id) : '',
});

/**
 * The facilities a resource may belong to. The resource's own is a choice from the start, so that its select shows it
 * before the list has loaded (a select keeps the value of an option it has, not of one that comes later).
 */
function useFacilityChoices(current: ResourceRow['facility']): Choice[] {
  const list = useQuery({ queryKey: facilitiesKey, queryFn: () => adminCall(CONSOLE['GET /facilities']) });
  const choices = (list.data ?? []).map((f) => ({ value: String(f.id), label: f.name }));
  if (current && !choices.some((c) => c.value === String(current.id))) {
    choices.unshift({ value: String(current.id), label: current.name });
  }
  return choices;
}

/** The resource's own fields, in the add form and on its page. */
function ResourceFields({
  register,
  errors,
  facilities,
}: {
  register: UseFormRegister<ResourceRequest>;
  errors: FieldErrors<ResourceRequest>;
  facilities: Choice[];
}) {
  return (
    <>
      <Field label="リソース名" required error={errors.name?.message}>
        {(control) => <input {...control} autoComplete="off" placeholder="例：第一さくら丸" {...register('name')} />}
      </Field>
      <SelectField
        label="種類"
        field={{ input: register('kind'), error: errors.kind?.message }}
        choices={KIND_CHOICES}
      />
      <Field label="容量" required error={errors.capacity?.message} hint="乗り物は席数、ガイドは担当できる件数など">
        {(control) => <input {...control} inputMode="numeric" autoComplete="off" {...register('capacity')} />}
      </Field>
      <SelectField
        label="数え方"
        field={{ input: register('per'), error: errors.per?.message }}
        choices={PER_CHOICES}
      />
      <Field
        label="プール名"
        error={errors.pool?.message}
        hint="同じプール名のリソースは入れ替えて使えます（予約には空きのある最初のものが使われます）。空欄ならプールなし。"
      >
        {(control) => <input {...control} autoComplete="off" {...register('pool')} />}
      </Field>
      <SelectField
        label="施設"
        field={{ input: register('facilityId'), error: errors.facilityId?.message }}
        choices={facilities}
        empty="なし"
      />
    </>
  );
}

/** リソースを追加: made with its fields; its uses and dated capacities are set on its page. */
function AddResource({ say }: { say: Say }) {
  const client = useQueryClient();
  const facilities = useFacilityChoices(null);
  const add = useSchemaForm(resourceRequest, {
    defaultValues: EMPTY,
    async onSubmit(body) {
      say('');
      const made = await adminCall(CONSOLE['POST /resources'], { body });
      add.reset(EMPTY);
      say(`${made.name}を追加しました。使う商品は、リソース名のリンク先で設定してください。`);
      await client.invalidateQueries({ queryKey: listKey });
    },
  });
  const { isSubmitting } = add;
  return (
    <SchemaForm form={add} className="adm-card adm-reseller-add" aria-labelledby="resource-add-heading">
      <h2 id="resource-add-heading">リソースを追加</h2>
      <div className="adm-staff-add-fields">
        <ResourceFields register={add.form.register} errors={add.form.formState.errors} facilities={facilities} />
        <button type="submit" className="adm-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? '処理中…' : '追加する'}
        </button>
      </div>
    </SchemaForm>
  );
}

// --- 1つのリソース -----------------------------------------------------------------------------------------------

/** A change's answer (the resource as it is now) shown at once, and the list read again. */
function useResourceChanged() {
  const client = useQueryClient();
  return async (detail: ResourceDetail) => {
    client.setQueryData(detailKey(detail.id), detail);
    await client.invalidateQueries({ queryKey: listKey, exact: true });
  };
}

/** A resource's page: its fields, the options that use it, its capacities by date and its next 15 days. */
export function ResourcePage() {
  const detail = useDetailQuery(detailKey, (id) => adminCall(CONSOLE['GET /resources/{id}'], { params: { id } }));
  const [message, setMessage] = useState('');
  const name = detail.query.data?.name;
  return (
    <AdminPage title={name ? `リソース：${name}` : 'リソース'} back={{ to: '/admin/resources', label: 'リソース一覧' }}>
      {message && <output className="adm-success">{message}</output>}
      <DetailView detail={detail} notFound={ResourceMsg.notFound}>
        {(resource) => (
          <>
            <EditResource key={JSON.stringify(valuesOf(resource))} resource={resource} say={setMessage} />
            <Uses resource={resource} say={setMessage} />
            <Exceptions resource={resource} say={setMessage} />
            <Days resource={resource} />
            <DeleteResource resource={resource} />
          </>
        )}
      </DetailView>
    </AdminPage>
  );
}

function EditResource({ resource, say }: { resource: ResourceDetail; say: Say }) {
  const changed = useResourceChanged();
  const facilities = useFacilityChoices(resource.facility);
  const edit = useSchemaForm(resourceRequest, {
    defaultValues: valuesOf(resource),
    async onSubmit(body) {
      say('');
      const saved = await adminCall(CONSOLE['POST /resources/{id}'], { params: { id: resource.id }, body });
      say(`${saved.name}を保存しました。`);
      await changed(saved);
    },
  });
  const { isSubmitting } = edit;
  return (
    <SchemaForm form={edit} className="adm-card adm-reseller-add" aria-labelledby="resource-edit-heading">
      <h2 id="resource-edit-heading">基本情報</h2>
      <div className="adm-staff-add-fields">
        <ResourceFields register={edit.form.register} errors={edit.form.formState.errors} facilities={facilities} />
        <button type="submit" className="adm-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? '処理中…' : '保存する'}
        </button>
      </div>
      <p className="adm-muted">
        容量は、予約ですでに使われている数より少なくできません。施設は、船会社の船やレンタル店の用品など、そのリソースを持っている施設です（自社のものは「なし」）。
      </p>
    </SchemaForm>
  );
}

const USE_OPTION_ID = 'resource-use-opcd';
const NO_USE: ResourceUseRequest = { opcd: '', usage: 'traveller' };
const sentUses = (uses: ResourceUseRow[]) => uses.map(({ opcd, usage }) => ({ opcd, usage }));

const useColumn = createColumnHelper<ResourceUseRow>();
const useColumns = [
  useColumn.accessor('webname', {
    header: '商品',
    meta: { rowHeader: true, className: 'wrap' },
    cell: (c) => <Product opcd={c.row.original.opcd} webname={c.getValue()} />,
  }),
  useColumn.accessor('usage', { header: '使い方', cell: (c) => RESOURCE_USAGE_LABEL[c.getValue()] }),
] as ColumnDef<ResourceUseRow, unknown>[];

/** 使う商品: the options whose bookings take units of the resource, and how many each takes. */
function Uses({ resource, say }: { resource: ResourceDetail; say: Say }) {
  const changed = useResourceChanged();
  const choices = useOptionChoices();
  const remove = useListChange(changed, say, USE_OPTION_ID);
  const post = (uses: ResourceUseRequest[]) =>
    adminCall(CONSOLE['POST /resources/{id}/uses'], { params: { id: resource.id }, body: { uses } });
  const add = useSchemaForm(resourceUse, {
    defaultValues: NO_USE,
    async onSubmit(use) {
      say('');
      const saved = await post([...sentUses(resource.uses), use]);
      add.reset(NO_USE);
      say(`${use.opcd}が${resource.name}を使うように設定しました（${RESOURCE_USAGE_LABEL[use.usage]}）。`);
      await changed(saved);
    },
  });
  const used = new Set(resource.uses.map((u) => u.opcd));
  const offered = (choices.data ?? []).filter((o) => !used.has(o.opcd));
  const { form, isSubmitting } = add;
  return (
    <Card id="resource-uses-heading" title="使う商品">
      <FormAlert>{remove.error}</FormAlert>
      <DataTable
        caption={`${resource.name}を使う商品`}
        columns={[
          ...useColumns,
          buttonColumn<ResourceUseRow>({
            text: '外す',
            label: (u) => `${u.opcd}を外す`,
            disabled: remove.busy,
            onClick: (u) =>
              void remove.run(
                () => post(sentUses(resource.uses.filter((o) => o.opcd !== u.opcd))),
                `${u.opcd}を${resource.name}の使用から外しました。`,
              ),
          }),
        ]}
        data={resource.uses}
        rowKey={(u) => u.opcd}
        empty="このリソースを使う商品はまだありません。"
        emptyAsText
      />
      <SchemaForm form={add} className="adm-reseller-add" aria-label="使う商品を追加">
        <div className="adm-staff-add-fields">
          <SelectField
            label="商品"
            id={USE_OPTION_ID}
            required
            field={{ input: form.register('opcd'), error: form.formState.errors.opcd?.message }}
            choices={optionChoices(offered)}
            empty="選択してください"
          />
          <SelectField
            label="使い方"
            field={{ input: form.register('usage'), error: form.formState.errors.usage?.message }}
            choices={USAGE_CHOICES}
          />
          <button type="submit" className="adm-button" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? '処理中…' : '商品を追加'}
          </button>
        </div>
      </SchemaForm>
      {resource.pool && (
        <p className="adm-muted">
          プール「{resource.pool}
          」のリソースは入れ替えて使われるため、1つの商品に設定できるのはプールのうち1つだけです。
        </p>
      )}
      <p className="adm-muted">
        {resource.facility
          ? `施設「${resource.facility.name}」のリソースです。使えるのは、同じ施設の商品と、施設のない（自社の）商品です。`
          : '施設のない（自社の）リソースです。使えるのは、施設のない商品だけです。'}
      </p>
    </Card>
  );
}

const EXCEPTION_DATE_ID = 'resource-exception-date';
const NO_EXCEPTION: ResourceExceptionRequest = { date: '', capacity: '', note: '' };
const sentExceptions = (list: ResourceExceptionRow[]) =>
  list.map(({ date, capacity, note }) => ({ date, capacity, note }));

const exceptionColumn = createColumnHelper<ResourceExceptionRow>();
const exceptionColumns = [
  exceptionColumn.accessor('date', { header: '日付', meta: { rowHeader: true }, cell: (c) => day(c.getValue()) }),
  exceptionColumn.accessor('capacity', { header: '容量', meta: NUM }),
  exceptionColumn.accessor('note', { header: 'メモ', meta: WRAP, cell: (c) => c.getValue() || '—' }),
] as ColumnDef<ResourceExceptionRow, unknown>[];

/** A capacity as typed in a field, or null while it is not one the server would take. */
function typedCapacity(value: unknown): number | null {
  const parsed = resourceException.shape.capacity.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The day the bookings are shown for, and the capacity they are compared with. */
interface PreviewDay {
  date: string;
  capacity: number | null;
  /** What the capacity is: the one typed in the form, or the resource's own (a date's removal refused). */
  own: boolean;
}

/**
 * 日付ごとの容量: another capacity on a date (0 for a boat in dock); a date given again is changed. A date typed shows
 * the bookings that hold the resource that day, so that the clerk sees what a lower capacity would leave without
 * room before the server refuses it; a refusal reads them again. A removal refused (the resource's own capacity is
 * the smaller) shows that date's.
 */
function Exceptions({ resource, say }: { resource: ResourceDetail; say: Say }) {
  const client = useQueryClient();
  const changed = useResourceChanged();
  const remove = useListChange(changed, say, EXCEPTION_DATE_ID);
  const [removalRefused, setRemovalRefused] = useState<string | null>(null);
  const reread = (date: string) => client.invalidateQueries({ queryKey: dayBookingsKey(resource.id, date) });
  const post = (exceptions: ResourceExceptionRequest[]) =>
    adminCall(CONSOLE['POST /resources/{id}/exceptions'], { params: { id: resource.id }, body: { exceptions } });
  const add = useSchemaForm(resourceException, {
    defaultValues: NO_EXCEPTION,
    async onSubmit(exception) {
      say('');
      setRemovalRefused(null);
      const others = resource.exceptions.filter((e) => e.date !== exception.date);
      let saved: ResourceDetail;
      try {
        saved = await post([...sentExceptions(others), exception]);
      } catch (e) {
        // Bookings may have come or gone since the list was read: the refusal's numbers and the list agree.
        await reread(exception.date);
        throw e;
      }
      add.reset(NO_EXCEPTION);
      say(`${day(exception.date)}の容量を${exception.capacity}にしました。`);
      await changed(saved);
    },
  });
  const { form } = add;
  const errors = form.formState.errors;
  const typedDate = form.watch('date');
  const typed = form.watch('capacity');
  const preview: PreviewDay | null = resourceBookingsQuery.safeParse({ date: typedDate }).success
    ? { date: typedDate, capacity: typedCapacity(typed), own: false }
    : removalRefused
      ? { date: removalRefused, capacity: resource.capacity, own: true }
      : null;
  function removeDate(date: string) {
    setRemovalRefused(null);
    void remove.run(
      () =>
        post(sentExceptions(resource.exceptions.filter((o) => o.date !== date))).catch(async (e: unknown) => {
          setRemovalRefused(date);
          await reread(date);
          throw e;
        }),
      `${day(date)}の容量を削除しました（毎日の容量 ${resource.capacity} に戻ります）。`,
    );
  }
  return (
    <Card id="resource-exceptions-heading" title="日付ごとの容量">
      <p className="adm-muted">
        点検・休業・休みなど、特定の日だけ容量が変わる場合に登録します（使えない日は0）。登録済みの日付を入力すると、その日の容量を変更します。
      </p>
      <FormAlert>{remove.error}</FormAlert>
      <DataTable
        caption={`${resource.name}の日付ごとの容量`}
        columns={[
          ...exceptionColumns,
          buttonColumn<ResourceExceptionRow>({
            text: '削除',
            label: (e) => `${day(e.date)}の容量を削除`,
            disabled: remove.busy,
            onClick: (e) => removeDate(e.date),
          }),
        ]}
        data={resource.exceptions}
        rowKey={(e) => e.date}
        empty={`日付ごとの容量はありません（毎日 ${resource.capacity}）。`}
        emptyAsText
      />
      <DatedNumberForm
        form={add}
        label="日付ごとの容量を追加"
        date={{ id: EXCEPTION_DATE_ID, input: form.register('date'), error: errors.date?.message }}
        number={{ label: 'その日の容量', input: form.register('capacity'), error: errors.capacity?.message }}
        after={
          <Field label="メモ" error={errors.note?.message}>
            {(control) => (
              <input {...control} autoComplete="off" placeholder="例：定期点検" {...form.register('note')} />
            )}
          </Field>
        }
      />
      {preview && <DayBookings resource={resource} preview={preview} say={say} />}
    </Card>
  );
}

// --- この日にこのリソースを使う予約 ------------------------------------------------------------------------------

/** A departure as the preview names it: 「10:00の便」, 「終日」 for a whole day. */
const departureOf = (startTime: string) => (startTime ? `${startTime}の便` : '終日');

const bookingColumn = createColumnHelper<ResourceBooking>();
const bookingColumns = [
  bookingColumn.accessor('rsvno', { header: '予約番号', cell: bookingCell }),
  bookingColumn.accessor('name', { header: '申込者', meta: WRAP }),
  bookingColumn.accessor('webname', {
    header: '商品',
    meta: WRAP,
    cell: (c) => <Product opcd={c.row.original.opcd} webname={c.getValue()} />,
  }),
  bookingColumn.accessor('startTime', { header: '出発', cell: (c) => departureOf(c.getValue()) }),
  bookingColumn.accessor('units', { header: '使用数', meta: NUM }),
] as ColumnDef<ResourceBooking, unknown>[];

/**
 * 割り当てを変更 in the day's list, for a resource of a pool: each booking's units moved to another member with room
 * at its departure, as 予約詳細 does (the same form and call); a キャンセル待ち offer is moved by its booking once made.
 */
function reassignColumn(resource: ResourceDetail, date: string, say: Say): ColumnDef<ResourceBooking, unknown> {
  return bookingColumn.display({
    id: 'reassign',
    header: '割り当ての変更',
    cell: ({ row: { original: b } }) =>
      b.rsvno === null ? (
        <span className="adm-muted">—</span>
      ) : b.others.length === 0 ? (
        <span className="adm-muted">同じプールにほかのリソースはありません</span>
      ) : (
        <ReassignForm
          rsvno={b.rsvno}
          resource={{
            resourceId: resource.id,
            name: resource.name,
            kind: resource.kind,
            per: resource.per,
            pool: resource.pool,
            units: b.units,
            usedate: date,
            startTime: b.startTime,
            others: b.others,
          }}
          onDone={(message) => say(`${b.rsvno}：${message}`)}
        />
      ),
  }) as ColumnDef<ResourceBooking, unknown>;
}

/** The units held per departure, or the day's sum for a resource counted per day: what its capacity is compared with. */
function heldBy(resource: ResourceDetail, bookings: ResourceBooking[]): { label: string; units: number }[] {
  if (resource.per === 'day') return [{ label: 'この日', units: bookings.reduce((n, b) => n + b.units, 0) }];
  const byDeparture = new Map<string, number>();
  for (const b of bookings) byDeparture.set(b.startTime, (byDeparture.get(b.startTime) ?? 0) + b.units);
  return [...byDeparture].map(([startTime, units]) => ({ label: departureOf(startTime), units }));
}

/**
 * What the day stops link to: each option of the day's bookings, and for a resource counted per departure each of
 * its departures (calling that one off is what frees its units); 催行中止 opens with them chosen.
 */
function stopsOf(resource: ResourceDetail, date: string, bookings: ResourceBooking[]) {
  const stops = new Map<string, { opcd: string; webname: string; startTime: string; to: string }>();
  for (const b of bookings) {
    const startTime = resource.per === 'departure' ? b.startTime : '';
    const key = `${b.opcd} ${startTime}`;
    if (stops.has(key) || b.opcd === '') continue;
    // As the dashboard links to it: option codes, days and times need no escaping.
    const to = `/admin/day-stops?opcd=${b.opcd}&date=${date.replaceAll('-', '')}${startTime ? `&start=${startTime}` : ''}`;
    stops.set(key, { opcd: b.opcd, webname: b.webname, startTime, to });
  }
  return [...stops.values()];
}

/**
 * この日にこのリソースを使う予約: the live bookings holding the resource on the day, what they hold against the
 * capacity typed, and the two ways to make room: moving a booking to another resource of the pool (予約詳細's
 * 割り当てを変更) or calling the day off (催行中止, opened with the option and the day chosen).
 */
function DayBookings({ resource, preview, say }: { resource: ResourceDetail; preview: PreviewDay; say: Say }) {
  const { date, capacity, own } = preview;
  const columns = resource.pool ? [...bookingColumns, reassignColumn(resource, date, say)] : bookingColumns;
  const query = useQuery({
    queryKey: dayBookingsKey(resource.id, date),
    queryFn: () => adminCall(CONSOLE['GET /resources/{id}/bookings'], { params: { id: resource.id }, query: { date } }),
  });
  return (
    <QueryView query={query}>
      {(bookings) =>
        bookings.length === 0 ? (
          <p className="adm-empty">{day(date)}にこのリソースを使う予約はありません。</p>
        ) : (
          <section aria-labelledby="resource-day-bookings-heading">
            <h3 id="resource-day-bookings-heading">この日にこのリソースを使う予約</h3>
            <DataTable
              caption={`${day(date)}に${resource.name}を使う予約`}
              columns={columns}
              data={bookings}
              rowKey={(b) => `${b.rsvno ?? b.name} ${b.startTime}`}
            />
            <Facts rows={heldRows(resource, bookings, capacity, own)} />
            <p className="adm-muted">
              {resource.pool
                ? `容量を減らすには、「割り当てを変更」でプール「${resource.pool}」の別のリソースに移すか、催行中止にしてください。`
                : '容量を減らすには、予約番号から予約詳細を開いて予約を変更するか、催行中止にしてください。'}
            </p>
            <ul className="adm-stops">
              {stopsOf(resource, date, bookings).map((s) => (
                <li key={`${s.opcd} ${s.startTime}`}>
                  <Product opcd={s.opcd} webname={s.webname} />
                  {s.startTime && `（${departureOf(s.startTime)}）`}：
                  <Link to={s.to}>{s.startTime ? 'この便を催行中止にする' : 'この日を催行中止にする'}</Link>
                </li>
              ))}
            </ul>
          </section>
        )
      }
    </QueryView>
  );
}

/** The units held (each departure's, or the day's) and the capacity compared with them: what it leaves short. */
function heldRows(
  resource: ResourceDetail,
  bookings: ResourceBooking[],
  capacity: number | null,
  own: boolean,
): [string, string][] {
  const held = heldBy(resource, bookings);
  const rows: [string, string][] = held.map((h) => [`${h.label}の使用`, String(h.units)]);
  if (capacity === null) return rows;
  const short = held.filter((h) => h.units > capacity);
  const verdict =
    short.length === 0
      ? '予約はこの容量に収まります'
      : `${short.map((h) => `${resource.per === 'day' ? '' : `${h.label}で`}${h.units - capacity}`).join('、')}足りません`;
  rows.push([own ? '毎日の容量' : '入力した容量', `${capacity}（${verdict}）`]);
  return rows;
}

/** What a day's bookings use: the day's sum, or each departure's. */
function usedText(resource: ResourceDetail, d: ResourceDay): string {
  if (resource.per === 'day' || d.departures.length === 0) return String(d.used);
  return d.departures.map((p) => `${p.startTime || '終日'} ${p.used}（残り${p.left}）`).join('、');
}

const dayColumn = createColumnHelper<ResourceDay>();
const dayColumns = (resource: ResourceDetail) =>
  [
    dayColumn.accessor('date', { header: '日付', meta: { rowHeader: true }, cell: (c) => day(c.getValue()) }),
    dayColumn.accessor('capacity', {
      header: '容量',
      meta: NUM,
      cell: (c) => {
        const { exception } = c.row.original;
        return exception === null ? c.getValue() : `${c.getValue()}（日付別${exception ? `：${exception}` : ''}）`;
      },
    }),
    dayColumn.display({
      id: 'used',
      header: resource.per === 'day' ? '使用' : '使用（便ごと）',
      meta: WRAP,
      cell: (c) => usedText(resource, c.row.original),
    }),
    dayColumn.accessor('left', { header: '残り', meta: NUM }),
  ] as ColumnDef<ResourceDay, unknown>[];

/** 今後15日間: each day's capacity, what the bookings that hold seats use of it, and what is left. */
function Days({ resource }: { resource: ResourceDetail }) {
  return (
    <Card id="resource-days-heading" title="今日から15日間の使用状況">
      <DataTable
        caption={`${resource.name}の今日から15日間の使用状況`}
        columns={dayColumns(resource)}
        data={resource.days}
        rowKey={(d) => d.date}
      />
    </Card>
  );
}

/** 削除: asked first; the server refuses while bookings hold units of the resource. */
function DeleteResource({ resource }: { resource: ResourceDetail }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return (
    <DeleteCard
      id="resource-delete-heading"
      note="予約で使われているリソースは削除できません。"
      button="このリソースを削除"
      title={`${resource.name}を削除する`}
      remove={async () => {
        await adminCall(CONSOLE['POST /resources/{id}/delete'], { params: { id: resource.id } });
        client.removeQueries({ queryKey: detailKey(resource.id), exact: true });
        await client.invalidateQueries({ queryKey: listKey, exact: true });
        navigate('/admin/resources', { state: { said: `${resource.name}を削除しました。` } });
      }}
    >
      <p>
        {resource.name}と、その日付ごとの容量・使う商品の設定を削除します。
        {resource.uses.length > 0 && `次の商品は、このリソースを使わなくなります：${usesText(resource.uses)}`}
      </p>
    </DeleteCard>
  );
}
