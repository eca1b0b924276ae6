import type { OptionImage } from '@tabi/contract/catalog';

/**
 * One picture of an option, wherever the customer pages show one (list card, detail gallery and its
 * thumbnails): a demo picture (a vector, `srcset` empty) and a photo staff uploaded (WebP variants) go through
 * this same element, the browser choosing the variant that fits `sizes`.
 */
export function OptionPicture({
  picture,
  sizes,
  alt,
  altLang,
  className,
  eager = false,
}: {
  picture: OptionImage;
  /** How wide the picture is drawn (the `sizes` attribute); used only when there are variants to choose from. */
  sizes: string;
  alt: string;
  /** The language of `alt` when it is not the page's (a Japanese caption on an English page). */
  altLang?: string;
  className?: string | undefined;
  eager?: boolean;
}) {
  const responsive = picture.srcset !== '';
  return (
    <img
      src={picture.image}
      srcSet={responsive ? picture.srcset : undefined}
      sizes={responsive ? sizes : undefined}
      width={picture.width}
      height={picture.height}
      alt={alt}
      lang={altLang}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'low'}
      // The page's main picture is painted in the frame that first shows it; decoded apart, it waited for the frame
      // after the app's first script (Lighthouse counted that as render delay of the largest paint).
      decoding={eager ? 'sync' : 'async'}
    />
  );
}

/**
 * The narrowest file of a picture at least `width` pixels wide (else its widest), for places drawn without
 * `srcset` such as 最近見た商品; the picture itself if it scales.
 */
export function sourceAtLeast(picture: OptionImage, width: number): string {
  const files = picture.srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/))
    .flatMap(([url, w]) => (url && w ? [{ url, width: Number.parseInt(w, 10) }] : []));
  return (files.find((f) => f.width >= width) ?? files.at(-1))?.url ?? picture.image;
}
