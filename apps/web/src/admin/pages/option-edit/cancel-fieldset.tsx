/** 商品編集's キャンセル: the policy's description and its tiers, the standard ones or the option's own. */
import { useWatch } from 'react-hook-form';
import { firstMessage } from '../../lib/field-message.ts';
import { DEFAULT_TIERS, type TierDraft } from '../../lib/option-form.ts';
import type { OptionBinding } from './binding.ts';
import { Check, RichText, TextInput } from './fields.tsx';

/** The cancellation tiers' columns: a tier's field, its column head and its inputs' label. */
const TIER_FIELDS: readonly { key: keyof TierDraft; head: string; label: string }[] = [
  { key: 'daysBefore', head: '何日前から', label: '日数' },
  { key: 'percent', head: '料率（%）', label: '料率' },
];

const TIERS_ERROR_ID = 'option-tiers-error';

export function CancelFieldset({ bind }: { bind: OptionBinding }) {
  const { form, field, text, errors } = bind;
  const { getValues, setValue } = form;
  const tiers = useWatch({ control: form.control, name: 'option.cancelPolicy' });
  const setTiers = (next: TierDraft[] | null) => setValue('option.cancelPolicy', next, { shouldDirty: true });
  const tiersError = firstMessage(errors.option?.cancelPolicy);
  return (
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
  );
}
