/** 商品編集's form: its fieldsets in order, checked by the contract's schema and saved (created or updated). */
import type { AdminOptionRecord, CatalogMasters } from '@tabi/contract/admin-catalog';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { OptionPhotos } from '../../components/option-photos.tsx';
import { FormAlert } from '../../components/query-state.tsx';
import { useSchemaForm } from '../../components/schema-form.tsx';
import { adminCall } from '../../lib/admin-api.ts';
import { catalogChanged } from '../../lib/catalog-queries.ts';
import {
  formValuesOf,
  newOptionForm,
  type OptionBody,
  type OptionFormValues,
  optionForm,
} from '../../lib/option-form.ts';
import { BasicFieldset } from './basic-fieldset.tsx';
import { bindOption } from './binding.ts';
import { CancelFieldset } from './cancel-fieldset.tsx';
import { CatalogHistory } from './catalog-history.tsx';
import { ConditionsFieldset } from './conditions-fieldset.tsx';
import {
  CouponFieldset,
  DayBeforeFieldset,
  DescriptionFieldset,
  ExternalFieldset,
  MeetingFieldset,
} from './detail-fieldsets.tsx';
import { PublishCard } from './publish-card.tsx';
import { TranslationsFieldset } from './translations-fieldset.tsx';

/** An option's record as 商品編集 loads it, and as a save or a publish leaves it. */
export const recordKey = (opcd: string) => ['admin', 'catalog', opcd] as const;

const INVALID = '入力内容に誤りがあります。各項目のメッセージをご確認ください。';

export function OptionForm({ masters, record }: { masters: CatalogMasters; record: AdminOptionRecord | null }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  // A new option's code is asked for and sent with its fields; an option's own is its address.
  const schema: z.ZodType<OptionBody, OptionFormValues> = record ? optionForm : newOptionForm;
  const [saved, setSaved] = useState('');
  /** 公開する / 非公開にする on its way: one call at a time on the option, with the form's save. */
  const [publishing, setPublishing] = useState(false);

  async function after(next: AdminOptionRecord, message: string) {
    client.setQueryData(recordKey(next.opcd), next);
    await catalogChanged(client);
    setSaved(message);
  }

  const option = useSchemaForm(schema, {
    defaultValues: formValuesOf(record?.option ?? null, ymdToIsoDate(tokyoYmd(new Date()))),
    // A refused field may be far down the form: the alert above it says so.
    invalidText: INVALID,
    async onSubmit(body) {
      if ('opcd' in body) {
        const next = await adminCall(CONSOLE['POST /options'], { body });
        await after(next, '');
        navigate(`/admin/options/${next.opcd}`);
      } else if (record) {
        const next = await adminCall(CONSOLE['POST /options/{opcd}'], { params: { opcd: record.opcd }, body });
        await after(next, '保存しました。');
      }
    },
  });
  const { form } = option;
  const bind = bindOption(form);
  const busy = publishing || option.isSubmitting;

  // Every edit means 「保存しました。」 no longer holds.
  useEffect(() => form.watch(() => setSaved('')).unsubscribe, [form]);

  return (
    <>
      {record && <PublishCard record={record} busy={busy} setBusy={setPublishing} onChanged={after} />}
      {saved && <output className="adm-success">{saved}</output>}
      {/* Above the form rather than in it (SchemaForm's place): said before the first fieldset's card. */}
      <FormAlert>{option.formError}</FormAlert>
      <form
        onSubmit={(event) => {
          option.setFormError('');
          void option.submit(event);
        }}
        noValidate
        className="adm-option-form"
      >
        <BasicFieldset bind={bind} masters={masters} isNew={!record} />
        <ConditionsFieldset bind={bind} />
        <CouponFieldset bind={bind} masters={masters} />
        <DescriptionFieldset bind={bind} />
        <MeetingFieldset bind={bind} />
        <DayBeforeFieldset bind={bind} />
        <ExternalFieldset bind={bind} />
        <CancelFieldset bind={bind} />
        <TranslationsFieldset bind={bind} opcd={record?.opcd ?? null} />
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
