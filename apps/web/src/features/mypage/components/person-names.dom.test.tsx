import type { Booking } from '@tabi/contract/booking';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LangProvider } from '../../../i18n/lang.tsx';
import { loadMessages } from '../../../i18n/messages.ts';
import { rentalBookingFixture } from '../../../test/booking-fixture.ts';
import { BasicInfo } from './basic-info.tsx';
import { Participants } from './participants.tsx';
import { RentalSizes } from './rental-sizes.tsx';

/** AA100009 of the demo, booked on the English site by JOHN SMITH for himself and EMMA SMITH. */
const englishBooking = (startIn: number): Booking =>
  rentalBookingFixture(startIn, [
    { sei: 'SMITH', mei: 'JOHN' },
    { sei: 'SMITH', mei: 'EMMA' },
  ]);

beforeAll(() => loadMessages('en'));
afterEach(cleanup);

function renderMypage(booking: Booking, lang: 'ja' | 'en') {
  render(
    <LangProvider lang={lang}>
      <BasicInfo booking={booking} code="OP0003" state="paid" productName={booking.optionList[0]?.webname ?? ''} />
      <Participants booking={booking} />
      <RentalSizes booking={booking} rentalcd="1" changeLater={false} />
    </LangProvider>,
  );
}

/** The applicant's name in the basic info, and each participant's in the participants and rentals sections. */
function shownNames() {
  const applicant = screen.getByText((_, el) => el?.tagName === 'DD' && /SMITH/.test(el.textContent ?? ''));
  const sections = ['participants-title', 'rentals-title'].map((id) => {
    const section = document.querySelector<HTMLElement>(`section[aria-labelledby="${id}"]`);
    if (!section) throw new Error(`no section ${id}`);
    return section;
  });
  return {
    applicant: applicant.textContent,
    members: sections.map((s) =>
      within(s)
        .getAllByText(/SMITH/)
        .map((el) => el.textContent),
    ),
  };
}

describe('a person’s name on my page', () => {
  it('is the given name first everywhere in English: the applicant as the participants', () => {
    renderMypage(englishBooking(10), 'en');
    const { applicant, members } = shownNames();
    expect(applicant).toBe('JOHN SMITH');
    expect(members).toEqual([
      ['JOHN SMITH', 'EMMA SMITH'],
      ['JOHN SMITH', 'EMMA SMITH'],
    ]);
  });

  it('is 姓 名 everywhere in Japanese', () => {
    renderMypage(englishBooking(10), 'ja');
    const { applicant, members } = shownNames();
    expect(applicant).toBe('SMITH JOHN 様');
    expect(members).toEqual([
      ['SMITH JOHN', 'SMITH EMMA'],
      ['SMITH JOHN', 'SMITH EMMA'],
    ]);
  });
});
