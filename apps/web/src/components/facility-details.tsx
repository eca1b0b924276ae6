import type { Facility } from '@tabi/contract/envelope';
import type { ReactNode } from 'react';
import { useTextLang } from '../i18n/lang.tsx';
import { useSharedMessages } from '../i18n/shared.ts';
import { telHref } from '../lib/facility-links.ts';
import { FacilityMap } from './facility-map.tsx';

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
  const t = useSharedMessages();
  const textLang = useTextLang();
  const { webname, companyname, hours, address, tel, lat, lon } = facility;
  return (
    <>
      <dl className={listClassName ? `info-list ${listClassName}` : 'info-list'}>
        <div>
          <dt>{t('facilityName')}</dt>
          <dd lang={textLang(companyname || '－')}>{companyname || '－'}</dd>
        </div>
        <div>
          <dt>{t('hours')}</dt>
          <dd lang={textLang(hours || '－')}>{hours || '－'}</dd>
        </div>
        <div>
          <dt>{t('address')}</dt>
          <dd lang={textLang(address || '－')}>{address || '－'}</dd>
        </div>
        <div>
          <dt>{t('tel')}</dt>
          <dd>{tel ? <a href={telHref(tel)}>{tel}</a> : '－'}</dd>
        </div>
      </dl>
      {children}
      {lat !== null && lon !== null && <FacilityMap lat={lat} lon={lon} place={companyname || webname} />}
    </>
  );
}
