/**
 * How wide the customer pages draw an option's pictures (the `sizes` attribute): the list card's, and the
 * detail gallery's (also in the server-rendered preload of its first picture). Kept apart from the zod
 * schemas so that importing them adds nothing to a page's initial JavaScript.
 */
export const CARD_IMAGE_SIZES = '(min-width: 720px) 300px, 100vw';
export const GALLERY_IMAGE_SIZES = '(min-width: 960px) 460px, 100vw';
/** The gallery's thumbnails: a tenth of its strip (at most 40 px beside the content on a wide screen). */
export const THUMBNAIL_IMAGE_SIZES = '(min-width: 960px) 40px, 10vw';
/**
 * The least width of the one file a small place draws without `srcset` (最近見た商品 at 160 px, the console's
 * photo list at 200 px): sharp on a 2–3× phone screen, and no larger.
 */
export const SMALL_IMAGE_MIN_WIDTH = 480;
