import { useSharedMessages } from '../i18n/shared.ts';
import { mapAppUrl, mapEmbedUrl } from '../lib/facility-links.ts';
import styles from './facility-map.module.css';

/**
 * A place's map, embedded, with a link that opens it in the phone's map app: the embed needs the map service to
 * answer (on a slow line, or blocked, it stays a grey box), the link always leads somewhere.
 */
export function FacilityMap({ lat, lon, place }: { lat: number; lon: number; place: string }) {
  const t = useSharedMessages();
  return (
    <div className={styles.wrap}>
      <div className={styles.map}>
        <iframe
          src={mapEmbedUrl(lat, lon)}
          title={t('mapOf', { place })}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      </div>
      <a className={styles.open} href={mapAppUrl(lat, lon)} target="_blank" rel="noopener noreferrer">
        {t('openInMaps')}
      </a>
    </div>
  );
}
