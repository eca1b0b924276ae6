import { THUMBNAILS_PER_VIEW } from '@tabi/contract/constants';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { optionDetailFixture, stubCarouselGlobals } from '../../../test/option-fixture.ts';
import { OptionGallery } from './option-gallery.tsx';

/**
 * The carousel (Embla) finds its snaps from its slides' offsets and margins, which jsdom leaves at 0 and unset: each
 * picture is given one view's width and each thumbnail a tenth of the strip, without margins, as the stylesheet lays
 * them out, so that the carousel moves as it does on a page. Whether ten thumbnails are actually in view is the
 * browser's to say (e2e/catalog-detail.spec.ts).
 */
const VIEW = 600;
const THUMB = VIEW / THUMBNAILS_PER_VIEW;

function laidOut(el: HTMLElement): { left: number; width: number } {
  const parent = el.parentElement;
  const index = parent ? Array.prototype.indexOf.call(parent.children, el) : 0;
  if (el.tagName === 'FIGURE') return { left: index * VIEW, width: VIEW };
  if (el.tagName === 'LI' && parent?.getAttribute('aria-label') === 'サムネイル')
    return { left: index * THUMB, width: THUMB };
  // The two tracks: one view wide.
  if (el.querySelector(':scope > figure') || el.getAttribute('aria-label') === 'サムネイル')
    return { left: 0, width: VIEW };
  return { left: 0, width: 0 };
}

const offsetLeft = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetLeft');
const offsetWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth');

const noMargins = document.createElement('style');
noMargins.textContent = 'figure, li { margin: 0 }';

beforeAll(() => {
  document.head.append(noMargins);
  Object.defineProperty(HTMLElement.prototype, 'offsetLeft', {
    configurable: true,
    get(this: HTMLElement) {
      return laidOut(this).left;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return laidOut(this).width;
    },
  });
  stubCarouselGlobals();
});
afterAll(() => {
  noMargins.remove();
  if (offsetLeft) Object.defineProperty(HTMLElement.prototype, 'offsetLeft', offsetLeft);
  if (offsetWidth) Object.defineProperty(HTMLElement.prototype, 'offsetWidth', offsetWidth);
  vi.unstubAllGlobals();
});
afterEach(cleanup);

describe('the option gallery', () => {
  it('has captions and ten thumbnails per view with their own buttons', async () => {
    const option = optionDetailFixture();
    const count = option.imageList.length;
    render(<OptionGallery images={option.imageList} title={option.webname} />);
    const user = userEvent.setup();
    const thumbs = within(screen.getByRole('list', { name: 'サムネイル' })).getAllByRole('button');
    const counter = screen.getByTestId('gallery-counter');
    const previousThumbs = screen.getByRole('button', { name: '前のサムネイル' });

    expect(thumbs).toHaveLength(count);
    expect(document.querySelector('figure figcaption')?.textContent).toBe(option.imageList[0]?.caption);
    expect(thumbs[0]?.getAttribute('aria-current')).toBe('true');
    expect(counter.textContent).toMatch(new RegExp(`1 / ${count}$`));
    expect(previousThumbs).toHaveProperty('disabled', true);

    await user.click(thumbs[2] as HTMLElement);
    await waitFor(() => expect(thumbs[2]?.getAttribute('aria-current')).toBe('true'));
    expect(thumbs[0]?.hasAttribute('aria-current')).toBe(false);
    expect(counter.textContent).toMatch(new RegExp(`3 / ${count}$`));

    // The next ten: the strip moves by a view, and can go back.
    await user.click(screen.getByRole('button', { name: '次のサムネイル' }));
    await waitFor(() => expect(previousThumbs).toHaveProperty('disabled', false));
    expect(screen.getByRole('button', { name: '次のサムネイル' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: '次の写真' }));
    await waitFor(() => expect(counter.textContent).toMatch(new RegExp(`4 / ${count}$`)));
    await user.click(screen.getByRole('region', { name: /写真（左右キーで切り替え）/ }));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(counter.textContent).toMatch(new RegExp(`3 / ${count}$`)));
  });
});
