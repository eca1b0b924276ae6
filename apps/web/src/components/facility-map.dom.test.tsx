import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FacilityMap } from './facility-map.tsx';

afterEach(cleanup);

describe('FacilityMap', () => {
  it('links to the map app beside the embed, which may stay a grey box on a slow line', () => {
    render(<FacilityMap lat={42.86} lon={140.69} place="スノーギア ニセコ" />);
    expect(screen.getByTitle('スノーギア ニセコの地図').tagName).toBe('IFRAME');
    const open = screen.getByRole('link', { name: '地図アプリで開く' });
    expect(open.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=42.86,140.69');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
