/** 商品編集's fieldsets of plain fields: クーポン, 説明文, 集合・運行会社・地図, 前日案内 and 外部連携. */
import type { CatalogMasters } from '@tabi/contract/admin-catalog';
import { EX_CODE_LABEL } from '@tabi/contract/admin-catalog';
import type { OptionBinding } from './binding.ts';
import { Check, Note, RichText, Select, TextInput } from './fields.tsx';

export function CouponFieldset({ bind, masters }: { bind: OptionBinding; masters: CatalogMasters }) {
  return (
    <fieldset>
      <legend>クーポン</legend>
      <Check label="クーポン商品（施設で暗証番号により利用）" input={bind.form.register('option.isCoupon')} />
      <Select
        label="利用施設"
        field={bind.field('option.facilityId')}
        options={masters.facilities.map((f) => ({ value: String(f.id), label: f.name }))}
        empty="なし"
      />
    </fieldset>
  );
}

export function DescriptionFieldset({ bind: { text } }: { bind: OptionBinding }) {
  return (
    <fieldset>
      <legend>説明文（HTML。お客様の画面と同じ方法で安全に表示されます）</legend>
      <RichText label="紹介文" {...text('option.introduction')} rows={4} />
      <RichText label="内容" {...text('option.contents')} rows={8} />
      <RichText label="注意事項" {...text('option.optionattention')} rows={4} />
      <RichText label="ご案内" {...text('option.information')} rows={4} />
      <RichText label="会社からの注意事項（クーポン）" {...text('option.companyattention')} rows={3} />
    </fieldset>
  );
}

export function MeetingFieldset({ bind: { field } }: { bind: OptionBinding }) {
  return (
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
  );
}

export function DayBeforeFieldset({ bind }: { bind: OptionBinding }) {
  return (
    <fieldset>
      <legend>前日案内（利用日の前日にお客様へ送るメール）</legend>
      <Check
        label="前日案内を送る（集合場所・時間、地図、持ち物、レンタル、連絡先、マイページ）"
        input={bind.form.register('option.dayBeforeMail')}
      />
      <Note
        label="前日案内に添えるお知らせ（テキスト、1,000文字まで）"
        hint="例：駐車場は店舗裏をご利用ください。"
        field={bind.field('option.dayBeforeNote')}
      />
    </fieldset>
  );
}

export function ExternalFieldset({ bind: { field } }: { bind: OptionBinding }) {
  return (
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
  );
}
