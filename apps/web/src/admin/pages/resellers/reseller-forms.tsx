/** 販売代理店を追加 and 編集: a reseller's name and commission, checked by the contract's rules before they are sent. */
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { bpToPercent, type Reseller, type ResellerRequest, resellerRequest } from '@tabi/contract/resellers';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../../components/form/field.tsx';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { SchemaForm, useSchemaForm } from '../../components/schema-form.tsx';
import { adminCall } from '../../lib/admin-api.ts';
import { commissionLabel } from '../../lib/reseller-api.ts';
import type { Say } from './say.ts';

/**
 * What is typed, checked by the contract (the server checks the same), and sent with the commission written back
 * as a percent: the contract reads a percent and makes basis points of it, which it would not read as a percent again.
 */
const resellerForm = z
  .object({ name: z.string(), commission: z.string() })
  .transform((typed): ResellerRequest => typed)
  .pipe(resellerRequest)
  .transform(({ name, commission }): ResellerRequest => ({ name, commission: bpToPercent(commission) }));
type ResellerValues = z.input<typeof resellerForm>;
const EMPTY: ResellerValues = { name: '', commission: '' };

/** The name and commission fields, in the add form and the edit dialog. */
function ResellerFields({
  register,
  errors,
}: {
  register: UseFormRegister<ResellerValues>;
  errors: FieldErrors<ResellerValues>;
}) {
  return (
    <>
      <Field label="代理店名" required error={errors.name?.message}>
        {(control) => <input {...control} autoComplete="off" {...register('name')} />}
      </Field>
      <Field label="手数料率（%）" required error={errors.commission?.message} hint="小数点以下2桁まで（例：15、12.5）">
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            className="adm-percent"
            {...register('commission')}
          />
        )}
      </Field>
    </>
  );
}

/** 販売代理店を追加: a name and a commission; keys are issued afterwards, each with its own limit. */
export function AddReseller({ say }: { say: Say }) {
  const client = useQueryClient();
  const add = useSchemaForm(resellerForm, {
    defaultValues: EMPTY,
    async onSubmit(body) {
      const made = await adminCall(CONSOLE['POST /resellers'], { body });
      add.reset(EMPTY);
      say(
        `${made.name}を追加しました（手数料率 ${commissionLabel(made.commissionBp)}）。接続には「APIキーを発行」からキーを発行してください。`,
      );
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const { isSubmitting } = add;
  return (
    <SchemaForm form={add} className="adm-card adm-reseller-add" aria-labelledby="reseller-add-heading">
      <h2 id="reseller-add-heading">販売代理店を追加</h2>
      <div className="adm-staff-add-fields">
        <ResellerFields register={add.form.register} errors={add.form.formState.errors} />
        <button type="submit" className="adm-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? '処理中…' : '追加する'}
        </button>
      </div>
    </SchemaForm>
  );
}

/** 編集: the same fields in a dialog, filled with what is saved now each time it opens. */
export function EditReseller({ reseller, say }: { reseller: Reseller; say: Say }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const saved = (): ResellerValues => ({ name: reseller.name, commission: bpToPercent(reseller.commissionBp) });
  const edit = useSchemaForm(resellerForm, {
    defaultValues: saved(),
    async onSubmit(body) {
      const result = await adminCall(CONSOLE['POST /resellers/{id}'], { params: { id: reseller.id }, body });
      setOpen(false);
      say(`${result.name}の内容を保存しました（手数料率 ${commissionLabel(result.commissionBp)}）。`);
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  function start() {
    edit.reset(saved());
    setOpen(true);
  }
  return (
    <>
      <button type="button" className="adm-button" onClick={start}>
        編集
      </button>
      <ActionDialog
        open={open}
        title={`${reseller.name}の編集`}
        submitLabel="保存する"
        busy={edit.isSubmitting}
        error={edit.formError}
        onClose={() => setOpen(false)}
        onSubmit={() => void edit.submit()}
      >
        <ResellerFields register={edit.form.register} errors={edit.form.formState.errors} />
        <p className="adm-muted">
          手数料率を変えても、販売済みの予約の精算額は変わりません（販売した時点の手数料率で確定しています）。
        </p>
      </ActionDialog>
    </>
  );
}
