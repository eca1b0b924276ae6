/**
 * How wide the customer pages draw an option's pictures (the `sizes` attribute): the list card's, and the
 * detail gallery's (also in the server-rendered preload of its first picture). Kept apart from the zod
 * schemas so that importing them adds nothing to a page's initial JavaScript.
 */
export const CARD_IMAGE_SIZES = '(min-width: 720px) 300px, 100vw';
export const GALLERY_IMAGE_SIZES = '(min-width: 960px) 460px, 100vw';
export const THUMBNAIL_IMAGE_SIZES = '96px';
