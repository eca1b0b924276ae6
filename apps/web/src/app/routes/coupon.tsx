import { Navigate, useParams } from 'react-router';
import { CouponDetailPage } from '../../features/coupon/components/coupon-detail-page.tsx';

/** SPEC §2 Coupon detail (/coopon/{opcd}/{pkcd}). */
export function Component() {
  const { opcd, pkcd } = useParams();
  if (!opcd || !pkcd) return <Navigate to="/coopon" replace />;
  return <CouponDetailPage key={`${opcd}/${pkcd}`} opcd={opcd} pkcd={pkcd} />;
}
