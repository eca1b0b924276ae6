/** 商品編集's 基本情報: a new option's code, the name, the place (region, area, city), keywords and sales period. */
import type { CatalogMasters } from '@tabi/contract/admin-catalog';
import { FROMSPOTS } from '@tabi/contract/constants';
import { choosePlace } from '@tabi/contract/places';
import { useWatch } from 'react-hook-form';
import type { OptionBinding } from './binding.ts';
import { Checks, Select, TextInput } from './fields.tsx';

const PLACE_LEVELS = ['homencd', 'areacd', 'citycd'] as const;

export function BasicFieldset({
  bind,
  masters,
  isNew,
}: {
  bind: OptionBinding;
  masters: CatalogMasters;
  /** A new option's code is asked for; an option's own is its address and never changes. */
  isNew: boolean;
}) {
  const { form, field } = bind;
  const { getValues, setValue } = form;
  const [homencd, areacd] = useWatch({ control: form.control, name: ['option.homencd', 'option.areacd'] });
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
  return (
    <fieldset>
      <legend>基本情報</legend>
      {isNew && (
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
  );
}
