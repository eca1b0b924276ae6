import { formatYmd } from '@tabi/contract/dates';
import { couponNotToday, Msg } from '@tabi/contract/messages';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AsideLayout } from '../../../components/aside-layout.tsx';
import { Modal } from '../../../components/modal.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { showAlert } from '../../../lib/alert.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useCoupon } from '../api/get-coupon.ts';
import { couponCounts, todayInTokyo } from '../lib/coupon-rules.ts';
import styles from './coupon.module.css';
import { CouponImage } from './coupon-image.tsx';
import { CouponUseForm, type Redeemed } from './coupon-use-form.tsx';
import { FacilityInfo } from './facility-info.tsx';
import { RemainingCounts } from './remaining-counts.tsx';

/** A card of the coupon's own text (HTML through the sanitiser), left out when the option has none. */
function HtmlSection({ id, title, html }: { id: string; title: string; html: string }) {
  if (!html) return null;
  return (
    <section className={`card ${styles.section}`} aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <SafeHtml html={html} />
    </section>
  );
}

/** SPEC §2 Coupon detail, with the use form at #use-coopon; only on the use date, else back to my page. */
export function CouponDetailPage({ opcd, pkcd }: { opcd: string; pkcd: string }) {
  const rsvno = useAuthStore((s) => s.rsvno) ?? '';
  const navigate = useNavigate();
  const query = useCoupon(rsvno, opcd, pkcd);
  const coupon = query.data ?? null;
  const failure = failureMessage(query.error);
  const leaving = failure !== null || (coupon !== null && coupon.usedate !== todayInTokyo());
  const left = useRef(false);
  const [used, setUsed] = useState<Redeemed | null>(null);
  usePageMeta(coupon?.webname);

  useEffect(() => {
    if (!leaving || left.current) return;
    left.current = true;
    // Issue 14.4: a bounce says why.
    if (failure !== null) showAlert(failure);
    else if (coupon) showAlert(couponNotToday(formatYmd(coupon.usedate)));
    navigate('/mypage', { replace: true });
  }, [failure, leaving, navigate, coupon]);

  const remaining = coupon ? couponCounts(coupon).left : null;
  // A facility the travel company stopped takes no coupon: said here, before the staff type a PIN (issue 24.12).
  const stopped = coupon?.facility_stopped === true && remaining !== 0;
  const showForm = !leaving && !stopped && (remaining === null || remaining > 0);

  return (
    <div className="container page">
      <p className={styles.topBack}>
        <Link to="/coopon" className="back-link">
          クーポン一覧に戻る
        </Link>
      </p>
      <h1 className="page-title">{coupon?.webname ?? 'クーポン詳細'}</h1>
      <AsideLayout
        asideWidth={360}
        head={
          coupon ? (
            <div className={`card ${styles.section} ${styles.headCard}`}>
              <CouponImage src={coupon.image} name={coupon.webname} usedUp={remaining === 0} />
              <p className={styles.useDate}>利用日：{formatYmd(coupon.usedate)}</p>
              <RemainingCounts coupon={coupon} used />
              {remaining === 0 && <p className={styles.usedUpNote}>このクーポンはすべて使用済みです。</p>}
            </div>
          ) : (
            <p className="hint" aria-live="polite">
              {query.isError ? 'クーポンを読み込めませんでした。' : 'クーポンを読み込んでいます…'}
            </p>
          )
        }
        aside={
          stopped && !leaving ? (
            <section className={`card ${styles.useForm}`} aria-labelledby="use-coopon-title" id="use-coopon">
              <h2 id="use-coopon-title" className={styles.useTitle}>
                クーポンを使用する
              </h2>
              <p className={styles.stoppedNote}>{Msg.couponFacilityStopped}</p>
            </section>
          ) : (
            showForm && <CouponUseForm coupon={coupon} opcd={opcd} pkcd={pkcd} onUsed={setUsed} />
          )
        }
      >
        {coupon && (
          <>
            <HtmlSection id="contents-title" title="ご利用内容" html={coupon.contents} />
            <HtmlSection id="caution-title" title="ご注意事項" html={coupon.optionattention} />
            <FacilityInfo coupon={coupon} />
          </>
        )}
      </AsideLayout>
      <Modal open={used !== null} title={Msg.couponUsed} onClose={() => navigate('/mypage')}>
        <p className={styles.usedText}>
          {used && (
            <>
              大人 {used.adult}枚{used.child > 0 && <>・小人 {used.child}枚</>} を使用しました。
            </>
          )}
          <br />
          閉じるとマイページに戻ります。
        </p>
      </Modal>
    </div>
  );
}
