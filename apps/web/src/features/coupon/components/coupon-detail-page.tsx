import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AsideLayout } from '../../../components/aside-layout.tsx';
import { Modal } from '../../../components/modal.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useTextLang } from '../../../i18n/lang.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useCoupon } from '../api/get-coupon.ts';
import { couponCounts, todayInTokyo } from '../lib/coupon-rules.ts';
import { useCouponMessages } from '../lib/messages.ts';
import styles from './coupon.module.css';
import { CouponImage } from './coupon-image.tsx';
import { CouponPage, useLeaveForMyPage } from './coupon-page.tsx';
import { CouponUseForm, type Redeemed } from './coupon-use-form.tsx';
import { FacilityInfo } from './facility-info.tsx';
import { RemainingCounts } from './remaining-counts.tsx';

/** A card of the coupon's own text (HTML through the sanitiser), left out when the option has none. */
function HtmlSection({ id, title, html }: { id: string; title: string; html: string }) {
  const textLang = useTextLang();
  if (!html) return null;
  return (
    <section className={`card ${styles.section}`} aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <SafeHtml html={html} lang={textLang(html)} />
    </section>
  );
}

/** SPEC §2 Coupon detail, with the use form at #use-coopon; only on the use date, else back to my page. */
export function CouponDetailPage({ opcd, pkcd }: { opcd: string; pkcd: string }) {
  const t = useCouponMessages();
  const format = useFormat();
  const textLang = useTextLang();
  const rsvno = useAuthStore((s) => s.rsvno) ?? '';
  const navigate = useNavigate();
  const query = useCoupon(rsvno, opcd, pkcd);
  const coupon = query.data ?? null;
  const failure = failureMessage(query.error);
  const leaving = failure !== null || (coupon !== null && coupon.usedate !== todayInTokyo());
  const [used, setUsed] = useState<Redeemed | null>(null);
  usePageMeta(coupon?.webname);
  useLeaveForMyPage(leaving, failure, coupon?.usedate);

  const remaining = coupon ? couponCounts(coupon).left : null;
  // A facility the travel company stopped takes no coupon: said here, before the staff type a PIN.
  const stopped = coupon?.facility_stopped === true && remaining !== 0;
  const showForm = !leaving && !stopped && (remaining === null || remaining > 0);

  return (
    <CouponPage backTo="/coopon" backLabel={t('backToList')}>
      <h1 className="page-title" lang={textLang(coupon?.webname)}>
        {coupon?.webname ?? t('detailTitle')}
      </h1>
      <AsideLayout
        asideWidth={360}
        head={
          coupon ? (
            <div className={`card ${styles.section} ${styles.headCard}`}>
              <CouponImage src={coupon.image} name={coupon.webname} usedUp={remaining === 0} />
              <p className={styles.useDate}>{t('dateOfUse', { day: format.day(coupon.usedate) })}</p>
              <RemainingCounts coupon={coupon} used />
              {remaining === 0 && <p className={styles.usedUpNote}>{t('allUsed')}</p>}
            </div>
          ) : (
            <p className="hint" aria-live="polite">
              {query.isError ? t('loadFailed') : t('loading')}
            </p>
          )
        }
        aside={
          stopped && !leaving ? (
            <section className={`card ${styles.useForm}`} aria-labelledby="use-coopon-title" id="use-coopon">
              <h2 id="use-coopon-title" className={styles.useTitle}>
                {t('useTitle')}
              </h2>
              <p className={styles.stoppedNote}>{t('facilityStopped')}</p>
            </section>
          ) : (
            showForm && <CouponUseForm coupon={coupon} opcd={opcd} pkcd={pkcd} onUsed={setUsed} />
          )
        }
      >
        {coupon && (
          <>
            <HtmlSection id="contents-title" title={t('contents')} html={coupon.contents} />
            <HtmlSection id="caution-title" title={t('caution')} html={coupon.optionattention} />
            <FacilityInfo coupon={coupon} />
          </>
        )}
      </AsideLayout>
      <Modal open={used !== null} title={t('used')} onClose={() => navigate('/mypage')}>
        <p className={styles.usedText}>
          {used && t('usedCounts', { adult: used.adult, child: used.child })}
          <br />
          {t('backOnClose')}
        </p>
      </Modal>
    </CouponPage>
  );
}
