import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OptionPicture, sourceAtLeast } from './option-picture.tsx';

const demo = {
  image: '/images/OP0001-1.svg',
  caption: '青空の下の高層ビル街と電波塔',
  alt: 'イラスト：晴れた青空の下、水辺に並ぶ高層ビル群',
  srcset: '',
  width: 1200,
  height: 800,
};
const hash = 'a'.repeat(32);
const photo = {
  image: `/media/${hash}-1600.webp`,
  caption: '夕暮れの屋形船',
  alt: '提灯をともして隅田川を進む屋形船',
  srcset: `/media/${hash}-160.webp 160w, /media/${hash}-480.webp 480w, /media/${hash}-960.webp 960w, /media/${hash}-1600.webp 1600w`,
  width: 1600,
  height: 1067,
};

describe('OptionPicture', () => {
  it('lets the browser choose an uploaded photo’s variant (srcset and sizes) and reserves its shape', () => {
    render(<OptionPicture picture={photo} sizes="(min-width: 720px) 300px, 100vw" alt={photo.alt} eager />);
    const img = screen.getByRole('img', { name: photo.alt });
    expect(img.getAttribute('src')).toBe(photo.image);
    expect(img.getAttribute('srcset')).toBe(photo.srcset);
    expect(img.getAttribute('sizes')).toBe('(min-width: 720px) 300px, 100vw');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '1067']);
    expect(img.getAttribute('loading')).toBe('eager');
  });

  it('draws a demo picture (a vector) from its one address, lazily', () => {
    render(<OptionPicture picture={demo} sizes="100vw" alt={demo.alt} />);
    const img = screen.getByRole('img', { name: demo.alt });
    expect(img.getAttribute('src')).toBe(demo.image);
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('gives the narrowest file at least as wide as asked, else the widest, for places drawn without srcset', () => {
    expect(sourceAtLeast(photo, 480)).toBe(`/media/${hash}-480.webp`);
    expect(sourceAtLeast(photo, 300)).toBe(`/media/${hash}-480.webp`);
    expect(sourceAtLeast(photo, 100)).toBe(`/media/${hash}-160.webp`);
    expect(sourceAtLeast(photo, 2000)).toBe(`/media/${hash}-1600.webp`);
    expect(sourceAtLeast(demo, 480)).toBe(demo.image);
  });
});
