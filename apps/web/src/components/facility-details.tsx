import type { Facility } from '@tabi/contract/envelope';
import type { ReactNode } from 'react';
import { mapEmbedUrl, telHref } from '../lib/facility-links.ts';
import styles from './facility-details.module.css';

/** The facility of a booking's option or a coupon, with the option's name for the map's title. */
export type FacilityOf = Facility & { webname: string };

/**
 * The facility of an option (my page's details, a coupon): name, hours, address and phone as rows, the phone a
 * `tel:` link; then `children` (the facility's notes) and the map where the option has a position.
 */
export function FacilityDetails({
  facility,
  listClassName,
  children,
}: {
  facility: FacilityOf;
  listClassName?: string;
  children?: ReactNode;
}) {
  const { webname, companyname, hours, address, tel, lat, lon } = facility;
  return (
    <>
      <dl className={listClassName ? `info-list ${listClassName}` : 'info-list'}>
        <div>
          <dt>施設名</dt>
          <dd>{companyname || '－'}</dd>
        </div>
        <div>
          <dt>営業時間</dt>
          <dd>{hours || '－'}</dd>
        </div>
        <div>
          <dt>住所</dt>
          <dd>{address || '－'}</dd>
        </div>
        <div>
          <dt>電話番号</dt>
          <dd>{tel ? <a href={telHref(tel)}>{tel}</a> : '－'}</dd>
        </div>
      </dl>
      {children}
      {lat !== null && lon !== null && (
        <iframe
          className={styles.map}
          title={`${companyname || webname}の地図`}
          src={mapEmbedUrl(lat, lon)}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      )}
    </>
  );
}
