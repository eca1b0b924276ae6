import type { OptionImage } from '@tabi/contract/catalog';
import { THUMBNAILS_PER_VIEW } from '@tabi/contract/constants';
import { GALLERY_IMAGE_SIZES, THUMBNAIL_IMAGE_SIZES } from '@tabi/contract/picture-sizes';
import useEmblaCarousel from 'embla-carousel-react';
import { type KeyboardEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTextLang } from '../../../i18n/lang.tsx';
import { useDetailMessages } from '../lib/detail-messages.ts';
import styles from './option-gallery.module.css';
import { OptionPicture } from './option-picture.tsx';

type Carousel = ReturnType<typeof useEmblaCarousel>[1];

/** Calls `onSelect` now and whenever the carousel moves to another slide or is set up again. */
function useOnSelect(carousel: Carousel, onSelect: () => void) {
  useEffect(() => {
    if (!carousel) return;
    onSelect();
    carousel.on('select', onSelect).on('reInit', onSelect);
    return () => {
      carousel.off('select', onSelect).off('reInit', onSelect);
    };
  }, [carousel, onSelect]);
}

/**
 * Whether the carousels may start. Embla measures every slide as it starts: on a phone, 60 ms of main thread that,
 * in the page's first effects, lengthened the task that makes a server-rendered detail page live. The pictures are
 * laid out by the stylesheet until then, the first one in view; the carousels start once the browser is idle after
 * that (Safari has no requestIdleCallback: a short timeout), or at once when the visitor reaches for the gallery.
 */
function useStartWhenIdle(): [started: boolean, start: () => void] {
  const [started, setStarted] = useState(false);
  const start = useCallback(() => setStarted(true), []);
  useEffect(() => {
    if (started) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(start, { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(start, 200);
    return () => clearTimeout(id);
  }, [started, start]);
  return [started, start];
}

/**
 * SPEC §2 Option detail gallery: the images with their captions, and thumbnails ten to a view with their
 * own previous/next buttons. Arrow keys move between images; every control is a labelled button.
 */
export function OptionGallery({ images, title }: { images: OptionImage[]; title: string }) {
  const t = useDetailMessages();
  const textLang = useTextLang();
  const [mainRef, main] = useEmblaCarousel({ loop: false });
  const [thumbsRef, thumbs] = useEmblaCarousel({
    containScroll: 'keepSnaps',
    dragFree: false,
    slidesToScroll: THUMBNAILS_PER_VIEW,
  });
  const [started, start] = useStartWhenIdle();
  const [selected, setSelected] = useState(0);
  const [thumbPage, setThumbPage] = useState({ index: 0, count: 1 });
  const regionId = useId();

  const onMainSelect = useCallback(() => {
    if (!main) return;
    const index = main.selectedScrollSnap();
    setSelected(index);
    thumbs?.scrollTo(Math.floor(index / THUMBNAILS_PER_VIEW));
  }, [main, thumbs]);

  const onThumbsSelect = useCallback(() => {
    if (!thumbs) return;
    setThumbPage({ index: thumbs.selectedScrollSnap(), count: thumbs.scrollSnapList().length });
  }, [thumbs]);

  useOnSelect(main, onMainSelect);
  useOnSelect(thumbs, onThumbsSelect);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      main?.scrollPrev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      main?.scrollNext();
    }
  };

  if (images.length === 0) return null;
  const current = images[selected];
  const many = images.length > 1;

  return (
    <section
      className={styles.gallery}
      aria-roledescription={t('carousel')}
      aria-label={t('photosOf', { title })}
      onPointerEnter={started ? undefined : start}
      onPointerDown={started ? undefined : start}
      onFocus={started ? undefined : start}
    >
      <div className={styles.stage}>
        <section
          className={styles.viewport}
          ref={started ? mainRef : undefined}
          id={regionId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the focusable viewport takes the arrow keys
          tabIndex={0}
          onKeyDown={onKeyDown}
          aria-label={t('photosKeys')}
        >
          <div className={styles.track}>
            {images.map((img, i) => (
              <figure
                key={`${img.image}-${i}`}
                className={styles.slide}
                aria-roledescription={t('slide')}
                aria-label={`${i + 1} / ${images.length}`}
                aria-hidden={i !== selected}
              >
                <OptionPicture
                  picture={img}
                  sizes={GALLERY_IMAGE_SIZES}
                  alt={img.alt || t('photoAlt', { title, n: i + 1 })}
                  altLang={textLang(img.alt)}
                  className={styles.image}
                  eager={i === 0}
                />
                {img.caption && (
                  <figcaption className={styles.caption} lang={textLang(img.caption)}>
                    {img.caption}
                  </figcaption>
                )}
              </figure>
            ))}
          </div>
        </section>
        {many && (
          <>
            <button
              type="button"
              className={`${styles.arrow} ${styles.arrowPrev}`}
              onClick={() => main?.scrollPrev()}
              disabled={selected === 0}
              aria-controls={regionId}
              aria-label={t('previousPhoto')}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className={`${styles.arrow} ${styles.arrowNext}`}
              onClick={() => main?.scrollNext()}
              disabled={selected === images.length - 1}
              aria-controls={regionId}
              aria-label={t('nextPhoto')}
            >
              <span aria-hidden="true">›</span>
            </button>
            <p className={styles.counter} aria-live="polite" data-testid="gallery-counter">
              <span className="visually-hidden" lang={textLang(current?.caption)}>
                {current?.caption}{' '}
              </span>
              {selected + 1} / {images.length}
            </p>
          </>
        )}
      </div>
      {many && (
        <div className={styles.thumbBar}>
          <button
            type="button"
            className={styles.thumbNav}
            onClick={() => thumbs?.scrollPrev()}
            disabled={thumbPage.index === 0}
            aria-label={t('previousThumbnails')}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className={styles.thumbViewport} ref={started ? thumbsRef : undefined}>
            <ul className={styles.thumbTrack} aria-label={t('thumbnails')}>
              {images.map((img, i) => (
                <li key={`${img.image}-${i}`} className={styles.thumb}>
                  <button
                    type="button"
                    className={styles.thumbButton}
                    aria-current={i === selected ? 'true' : undefined}
                    aria-label={
                      img.caption
                        ? t('showPhotoCaption', { n: i + 1, caption: img.caption })
                        : t('showPhoto', { n: i + 1 })
                    }
                    aria-controls={regionId}
                    onClick={() => main?.scrollTo(i)}
                    onFocus={() => thumbs?.scrollTo(Math.floor(i / THUMBNAILS_PER_VIEW))}
                  >
                    <OptionPicture picture={img} sizes={THUMBNAIL_IMAGE_SIZES} alt="" />
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <button
            type="button"
            className={styles.thumbNav}
            onClick={() => thumbs?.scrollNext()}
            disabled={thumbPage.index >= thumbPage.count - 1}
            aria-label={t('nextThumbnails')}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
