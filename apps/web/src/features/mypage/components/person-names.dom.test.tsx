import type { Booking } from '@tabi/contract/booking';
import { addDays, tokyoYmd } from '@tabi/contract/dates';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LangProvider } from '../../../i18n/lang.tsx';
import { loadMessages } from '../../../i18n/messages.ts';
import { BasicInfo } from './basic-info.tsx';
import { Participants } from './participants.tsx';
import { RentalSizes } from './rental-sizes.tsx';

const today = tokyoYmd(new Date());

/** AA100009 of the demo, booked on the English site by JOHN SMITH for himself and EMMA SMITH. */
function englishBooking(startIn: number): Booking {
  const day = addDays(today, startIn);
  return {
    rsvno: 'AA100009',
    status: 1,
    status_payment: 1,
    flg_request_rsv: 0,
    rsvdate: new Date(Date.now() - 86_400_000).toISOString(),
    servertime: new Date().toISOString(),
    payment_deadline_date: null,
    state: 'paid',
    payable: false,
    card_payable: false,
    cancellable: startIn > 0,
    withdrawable: false,
    fromdate: day,
    todate: day,
    sei: 'SMITH',
    mei: 'JOHN',
    mail: 'ryo.kobayashi@example.jp',
    amountjp: 23600,
    meetpoint: null,
    memberList: [
      {
        seq: '1',
        sei: 'SMITH',
        mei: 'JOHN',
        birthday: '19920101',
        sex: '1',
        ageclass: '1',
        nationality_id: 1,
        nationality_nm: '日本',
        extended_datas: { extended_participant_fields: {} },
      },
      {
        seq: '2',
        sei: 'SMITH',
        mei: 'EMMA',
        birthday: '20110101',
        sex: '2',
        ageclass: '4',
        nationality_id: 1,
        nationality_nm: '日本',
        extended_datas: { extended_participant_fields: {} },
      },
    ],
    optionList: [
      {
        pkcd: 'X',
        opcd: 'OP0003',
        webname: '白馬 スキー・スノーボードセットレンタル',
        usedate: day,
        start_time: '',
        end_time: '',
        contents: '',
        cancel_note: '',
        adultbaika: 12800,
        childbaika: 0,
        paxadultqty: 1,
        paxchildqty: 0,
        middlebaika: 10800,
        paxmiddleqty: 1,
        companyname: '白馬レンタル',
        hours: '8:00〜17:00',
        address: '長野県北安曇郡白馬村',
        tel: '0261-00-0000',
        lat: null,
        lon: null,
        meetpoint: null,
        serviceno: null,
        departure_point: null,
        departure_time: null,
        arrival_point: null,
        arrival_time: null,
        ticket_url: null,
        ex_cd: 0,
        ex_rsvno: null,
        ex_confirmno: null,
        ex_url: null,
        ex_issue_method: null,
      },
    ],
    rentskiList: [
      { seq: '1', model: '1', boots_size: '26.5', wear_size: 'L', accessory: '' },
      { seq: '2', model: '2', boots_size: '23.5', wear_size: 'S', accessory: '' },
    ],
  };
}

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
