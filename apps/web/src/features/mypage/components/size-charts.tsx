import type { Lang } from '@tabi/contract/i18n';
import { useLang } from '../../../i18n/lang.tsx';
import { useMypageMessages } from '../lib/messages.ts';
import styles from './rental-edit.module.css';

const CHARTS = {
  shoes: {
    file: 'shoes.svg',
    alt: 'shoesChart',
    width: 440,
    height: 890,
  },
  adult: {
    file: 'wear-adult.svg',
    alt: 'adultWearChart',
    width: 460,
    height: 416,
  },
  child: {
    file: 'wear-child.svg',
    alt: 'childWearChart',
    width: 460,
    height: 380,
  },
} as const;

/** The drawings with their words in each language, under /size-charts/ (the Japanese at its root). */
const CHART_FOLDER: Record<Lang, string> = {
  ja: '',
  en: 'en/',
  ko: 'ko/',
  'zh-Hant': 'zh-hant/',
  'zh-Hans': 'zh-hans/',
};

/** SPEC §2 Rental edit: size charts as images, only those the option's rentals and the party need. */
export function SizeCharts({
  shoes,
  adultWear,
  childWear,
}: {
  shoes: boolean;
  adultWear: boolean;
  childWear: boolean;
}) {
  const t = useMypageMessages();
  const lang = useLang();
  const src = (file: string) => `/size-charts/${CHART_FOLDER[lang]}${file}`;
  const charts = [shoes && CHARTS.shoes, adultWear && CHARTS.adult, childWear && CHARTS.child].filter(
    (c): c is (typeof CHARTS)[keyof typeof CHARTS] => Boolean(c),
  );
  if (charts.length === 0) return null;
  return (
    <section id="size-charts" className={`card ${styles.charts}`} aria-labelledby="size-charts-title">
      <h2 id="size-charts-title" className="section-title">
        {t('sizeChartsTitle')}
      </h2>
      <div className={styles.chartList}>
        {charts.map((c) => (
          <figure key={c.file} className={styles.chart}>
            <a
              href={src(c.file)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('enlarge', { alt: t(c.alt) })}
            >
              <img src={src(c.file)} alt={t(c.alt)} width={c.width} height={c.height} loading="lazy" />
            </a>
          </figure>
        ))}
      </div>
    </section>
  );
}
