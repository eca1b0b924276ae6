import type { OptionDetail } from '@tabi/contract/catalog';
import type { ReactNode } from 'react';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { mapEmbedUrl, telHref } from '../../../lib/facility-links.ts';
import { siteLegal } from '../../../lib/site-legal.ts';
import { DETAIL_SECTIONS } from './detail-tabs.tsx';
import styles from './option-detail.module.css';

type SectionId = (typeof DETAIL_SECTIONS)[keyof typeof DETAIL_SECTIONS];

/** One of the page's anchored sections (the tabs jump to `id`), named by its heading. */
function DetailSection({ id, title, children }: { id: SectionId; title: string; children: ReactNode }) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SubSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.sub}>
      <h3 className={styles.subTitle}>{title}</h3>
      {children}
    </div>
  );
}

/** 内容案内: contents, facility information, map and precautions. */
export function ContentGuide({ option }: { option: OptionDetail }) {
  const hasFacility = Boolean(option.companyname || option.hours || option.address || option.tel);
  return (
    <DetailSection id={DETAIL_SECTIONS.contentGuide} title="内容案内">
      <SafeHtml html={option.contents} className={styles.html} />

      {hasFacility && (
        <SubSection title="施設情報">
          <dl className={`info-list ${styles.facility}`}>
            {option.companyname && (
              <div>
                <dt>施設名</dt>
                <dd>{option.companyname}</dd>
              </div>
            )}
            {option.hours && (
              <div>
                <dt>営業時間</dt>
                <dd className={styles.preline}>{option.hours}</dd>
              </div>
            )}
            {option.address && (
              <div>
                <dt>住所</dt>
                <dd>{option.address}</dd>
              </div>
            )}
            {option.tel && (
              <div>
                <dt>電話番号</dt>
                <dd>
                  <a href={telHref(option.tel)}>{option.tel}</a>
                </dd>
              </div>
            )}
          </dl>
        </SubSection>
      )}

      {option.lat !== null && option.lon !== null && (
        <SubSection title="地図">
          <div className={styles.map}>
            <iframe
              src={mapEmbedUrl(option.lat, option.lon)}
              title={`${option.companyname || option.webname}の地図`}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
            />
          </div>
        </SubSection>
      )}

      {option.optionattention && (
        <SubSection title="注意事項">
          <SafeHtml html={option.optionattention} className={`${styles.html} ${styles.attention}`} />
        </SubSection>
      )}
    </DetailSection>
  );
}

/** 旅行代金: the notes around the availability calendar, which the page passes in. */
export function PriceSection({ requestItem, children }: { requestItem: boolean; children: ReactNode }) {
  return (
    <DetailSection id={DETAIL_SECTIONS.price} title="旅行代金">
      <ul className={styles.notes}>
        <li>カレンダーに表示している料金は、大人１名様あたりの旅行代金です。</li>
        <li>小人などその他の年齢区分の料金は、日付を選択すると表示されます。</li>
        {requestItem && (
          <li className={styles.requestNote}>
            こちらはリクエスト商品です。お申込み後に空き状況を確認し、手配の可否をメールにてご連絡いたします。
          </li>
        )}
      </ul>
      <p className={styles.legend}>
        <span>
          <b aria-hidden="true">○</b>空きあり
        </span>
        <span>
          <b aria-hidden="true">1～9</b>残りわずか（残数）
        </span>
        <span>
          <b aria-hidden="true" className={styles.legendBlank} />
          空欄：受付不可
        </span>
      </p>
      {children}
    </DetailSection>
  );
}

/** 申込案内 and the cancellation fee guide. */
export function ApplicationGuide({ option }: { option: OptionDetail }) {
  return (
    <DetailSection id={DETAIL_SECTIONS.applicationGuide} title="申込案内">
      <SafeHtml html={option.information} className={styles.html} />
      {option.cancel_note && (
        <SubSection title="取消料（キャンセル料）について">
          <SafeHtml html={option.cancel_note} className={styles.html} />
        </SubSection>
      )}
    </DetailSection>
  );
}

/** The travel organiser named with its registration, as Japanese travel law asks of every offer. */
export function OrganiserBlock() {
  const legal = siteLegal();
  return (
    <section className={`${styles.section} ${styles.organiser}`} aria-labelledby="organiser-title">
      <h2 id="organiser-title" className={styles.organiserTitle}>
        旅行企画・実施
      </h2>
      <p className={styles.organiserName}>{legal.companyName}</p>
      <ul className={styles.organiserList}>
        <li>{legal.registration}</li>
        <li>一般社団法人 日本旅行業協会（JATA）正会員</li>
        <li>旅行業公正取引協議会会員</li>
        <li>{legal.address}</li>
        <li>総合旅行業務取扱管理者：桜井 一郎</li>
        <li>お問い合わせ：{legal.tel}（平日 10:00～18:00）</li>
      </ul>
      <p className={styles.organiserNote}>
        総合旅行業務取扱管理者とは、お客様の旅行を取り扱う営業所での取引の責任者です。この旅行契約に関し担当者からの説明にご不明な点があれば、ご遠慮なく上記の総合旅行業務取扱管理者にお尋ねください。
      </p>
    </section>
  );
}
