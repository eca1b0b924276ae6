/**
 * The participant screen (SPEC §2 Participant entry, SPEC §5's rules) with the API's answers: 申込者と同じ, the
 * fields an option's extended fields ask for, every rule's message under its field, the first person with an error
 * revealed, and the birthday calendar. Its way on is the check page (the check page itself where it shows what was
 * entered).
 */
import { addDays, formatYmd, tokyoYmd, type Ymd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import type { PartyCounts } from '@tabi/contract/party';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ReservedOption, useReservationStore } from '../../../stores/reservation-store.ts';
import { stubApi } from '../../../test/api-server.ts';
import { reservedOption } from '../../../test/option-fixture.ts';
import { currentPath, renderPages } from '../../../test/render-pages.tsx';
import { CheckPage } from './check-page.tsx';
import { MemberForm } from './member-form.tsx';

const today = tokyoYmd(new Date());
const usedate = addDays(today, 10);

/** A Tokyo date `years` before the use date, ten days after the birthday: the age on the use date is `years`. */
function yearsBefore(years: number): string {
  return formatYmd(addDays(`${Number(usedate.slice(0, 4)) - years}${usedate.slice(4)}` as Ymd, -10));
}

/**
 * The participant form at /reservation/member as the party form leaves it (an adult and a child of OP0001's unless
 * told), the nationalities answered by the API; `check` stands at /reservation/check.
 */
async function openMemberForm({
  option = reservedOption(),
  party = { adult: 1, child: 1 },
  check = <p>check page</p>,
}: {
  option?: ReservedOption;
  party?: Partial<PartyCounts>;
  check?: ReactNode;
} = {}) {
  stubApi(({ url }) => {
    if (url.pathname === '/api/nationality') return [{ id: 1, nationality_nm: '日本' }];
    throw new Error(`unexpected call ${url}`);
  });
  const counts: PartyCounts = { adult: 0, middle: 0, child: 0, infant: 0, ...party };
  const prices = { adult: 9800, middle: 0, child: 5900, infant: 0 };
  useReservationStore.getState().start({
    optionDetail: option,
    usedate,
    party: counts,
    prices,
    amount: counts.adult * prices.adult + counts.child * prices.child,
    md: '',
    now: Date.now(),
  });
  renderPages('/reservation/member', {
    '/reservation/member': <MemberForm submitLabel={Msg.toCheck} nextPath="/reservation/check" />,
    '/reservation/check': check,
  });
  await within(section(Msg.leader)).findByRole('option', { name: '日本' });
}

const section = (name: string | RegExp) => screen.getByRole('region', { name });
const participant = (n: number) => section(new RegExp(`^参加者${n}`));
const textbox = (scope: HTMLElement, name: string) => within(scope).getByRole<HTMLInputElement>('textbox', { name });
const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: Msg.toCheck });

/** The error messages under a control's field that it is described by, as a screen reader reads them with it. */
function errorsOf(control: HTMLElement): string[] {
  const field = control.closest('.field');
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((el): el is HTMLElement => el?.classList.contains('error-text') === true && el.closest('.field') === field)
    .map((el) => el.textContent ?? '');
}

interface PersonData {
  last: string;
  first: string;
  birthday: string;
  sex?: '男性' | '女性';
  passport?: string;
}

const TARO: PersonData = { last: 'YAMADA', first: 'TARO', birthday: '1985/04/12', sex: '男性' };
const HANAKO: PersonData = { last: 'YAMADA', first: 'HANAKO', birthday: '1987/09/30', sex: '女性' };

async function fillPerson(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, person: PersonData) {
  const box = within(scope);
  await user.type(box.getByRole('textbox', { name: '姓' }), person.last);
  await user.type(box.getByRole('textbox', { name: '名' }), person.first);
  await user.type(box.getByRole('textbox', { name: '生年月日' }), person.birthday);
  await user.click(box.getByRole('radio', { name: person.sex ?? '女性' }));
  await user.selectOptions(box.getByRole('combobox', { name: '国籍' }), '日本');
  if (person.passport) await user.type(box.getByRole('textbox', { name: 'パスポート番号' }), person.passport);
}

/** The applicant: `person`, with a phone number and `email`. */
async function fillLeader(
  user: ReturnType<typeof userEvent.setup>,
  person: PersonData,
  email = 'taro.yamada@example.com',
  phone = '090-1234-5678',
) {
  const leader = section(Msg.leader);
  await fillPerson(user, leader, person);
  await user.type(textbox(leader, '電話番号'), phone);
  await user.type(textbox(leader, 'メールアドレス'), email);
}

async function retype(user: ReturnType<typeof userEvent.setup>, control: HTMLElement, text: string) {
  await user.clear(control);
  await user.type(control, text);
}

/** The elements the form scrolled into view since the last call (jsdom lays nothing out: the calls are recorded). */
function scrolledTo(): unknown[] {
  const scroll = vi.mocked(Element.prototype.scrollIntoView);
  const contexts = [...scroll.mock.contexts];
  scroll.mockClear();
  return contexts;
}

/** The form scrolled to `section`, and to nothing else, since the last look. */
function expectScrolledTo(section: HTMLElement): void {
  const scrolled = scrolledTo();
  expect(scrolled).toHaveLength(1);
  expect(scrolled[0]).toBe(section);
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  useReservationStore.getState().reset();
  localStorage.clear();
  sessionStorage.clear();
});

describe('participant entry', () => {
  it('locks participant 1 to the applicant while 申込者と同じ is ticked, and frees it again', async () => {
    const user = userEvent.setup();
    await openMemberForm();
    const leader = section(Msg.leader);
    await user.type(within(leader).getByRole('textbox', { name: '姓' }), 'YAMADA');

    const first = participant(1);
    await user.click(within(first).getByRole('checkbox', { name: Msg.sameAsLeader }));
    const lastName = within(first).getByRole('textbox', { name: '姓' });
    expect(lastName).toHaveProperty('value', 'YAMADA');
    expect(lastName).toHaveProperty('readOnly', true);
    expect(within(first).getByRole('combobox', { name: '国籍' })).toHaveProperty('disabled', true);
    expect(within(first).getByRole('radio', { name: '男性' })).toHaveProperty('disabled', true);

    // The copy follows later changes of the applicant.
    await user.type(within(leader).getByRole('textbox', { name: '姓' }), 'X');
    expect(within(first).getByRole('textbox', { name: '姓' })).toHaveProperty('value', 'YAMADAX');

    await user.click(within(first).getByRole('checkbox', { name: Msg.sameAsLeader }));
    const freed = within(first).getByRole('textbox', { name: '姓' });
    expect(freed).toHaveProperty('readOnly', false);
    await user.type(freed, 'Z');
    expect(freed).toHaveProperty('value', 'YAMADAXZ');
    expect(within(leader).getByRole('textbox', { name: '姓' })).toHaveProperty('value', 'YAMADAX');
  });

  it('on an invalid submit focuses the first invalid control of the first person with an error', async () => {
    const user = userEvent.setup();
    await openMemberForm();
    const leader = section(Msg.leader);
    await fillPerson(user, leader, { last: 'YAMADA', first: 'HANAKO', birthday: '1988/04/12' });
    await user.type(within(leader).getByRole('textbox', { name: '電話番号' }), '090-1234-5678');
    await user.type(within(leader).getByRole('textbox', { name: 'メールアドレス' }), 'hanako@example.com');
    await fillPerson(user, participant(1), { last: 'YAMADA', first: 'TARO', birthday: '1986/01/05' });
    // 参加者2 is a child (6 to 11): an adult's birthday is out of range.
    const second = participant(2);
    await fillPerson(user, second, { last: 'YAMADA', first: 'JIRO', birthday: formatYmd(addDays(today, -365 * 30)) });

    const submit = screen.getByRole('button', { name: Msg.toCheck });
    expect(submit).toHaveProperty('disabled', false);
    await user.click(submit);

    const birthday = within(second).getByRole('textbox', { name: '生年月日' });
    await waitFor(() => expect(document.activeElement).toBe(birthday));
    expect(birthday.getAttribute('aria-invalid')).toBe('true');
    const error = within(second).getByText('小人の年齢は6歳以上11歳以下になるよう入力してください');
    expect(birthday.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(within(leader).getByRole('textbox', { name: '姓' }).getAttribute('aria-invalid')).toBeNull();
  });
});

describe('SPEC §5 on the participant screen', () => {
  it('shows every message under its field, reveals the first person with an error, and checks again as one types', async () => {
    const user = userEvent.setup();
    await openMemberForm();
    const leader = section(Msg.leader);
    const first = participant(1);
    const child = participant(2);
    await fillLeader(user, { ...TARO, last: 'A'.repeat(31) }, 'taro@example', '0'.repeat(21));
    await fillPerson(user, first, { ...HANAKO, birthday: formatYmd(addDays(today, 1)) });
    // 5 years old on the use date: too young for 小人 (6–11).
    await fillPerson(user, child, { last: 'YAMADA', first: 'B'.repeat(31), birthday: yearsBefore(5) });
    expect(scrolledTo()).toEqual([]);
    await user.click(submitButton());

    const lastName = textbox(leader, '姓');
    await waitFor(() => expect(lastName.getAttribute('aria-invalid')).toBe('true'));
    expect(errorsOf(lastName)).toEqual(['30文字以内になるよう入力してください']);
    expect(errorsOf(textbox(leader, '電話番号'))).toEqual(['20文字以内になるよう入力してください']);
    expect(errorsOf(textbox(leader, 'メールアドレス'))).toEqual([Msg.invalidEmail]);
    expect(errorsOf(textbox(first, '生年月日'))).toEqual([Msg.invalidDate]);
    expect(errorsOf(textbox(child, '生年月日'))).toEqual(['小人の年齢は6歳以上11歳以下になるよう入力してください']);
    expect(errorsOf(textbox(child, '名'))).toEqual(['30文字以内になるよう入力してください']);
    // The applicant is the first person with an error: its section is scrolled to, its first invalid control focused.
    await waitFor(() => expect(document.activeElement).toBe(lastName));
    expectScrolledTo(leader);
    expect(currentPath()).toBe('/reservation/member');

    // After the first attempt each field is checked again as it changes.
    await retype(user, lastName, 'YAMADA');
    expect(errorsOf(lastName)).toEqual([]);
    expect(lastName.getAttribute('aria-invalid')).toBeNull();
    await retype(user, textbox(leader, '電話番号'), '090-1234-5678');
    await retype(user, textbox(leader, 'メールアドレス'), 'taro@example.com');
    expect(errorsOf(textbox(leader, '電話番号'))).toEqual([]);
    expect(errorsOf(textbox(leader, 'メールアドレス'))).toEqual([]);
    // The applicant is an adult (12 or older) on the use date.
    const leaderBirthday = textbox(leader, '生年月日');
    await retype(user, leaderBirthday, yearsBefore(10));
    expect(errorsOf(leaderBirthday)).toEqual(['大人の年齢は12歳以上になるよう入力してください']);
    await retype(user, leaderBirthday, '1985/04/12');
    expect(within(leader).queryByText(/年齢は/)).toBeNull();

    // Now participant 2 is the first person with an error.
    await retype(user, textbox(first, '生年月日'), '1987/09/30');
    await user.click(submitButton());
    await waitFor(() => expect(document.activeElement).toBe(textbox(child, '名')));
    expectScrolledTo(child);
    await retype(user, textbox(child, '名'), 'MIKU');
    await retype(user, textbox(child, '生年月日'), yearsBefore(6));
    await user.click(submitButton());
    await waitFor(() => expect(currentPath()).toBe('/reservation/check'));
  });

  it('the birthday calendar picks a date and forbids the future; a typed date is written in one form', async () => {
    const user = userEvent.setup();
    await openMemberForm({ party: { adult: 1 } });
    const leader = within(section(Msg.leader));
    const input = textbox(section(Msg.leader), '生年月日');
    const calendar = () => leader.queryByRole('group', { name: '生年月日のカレンダー' });

    await user.click(leader.getByRole('button', { name: '生年月日をカレンダーから選ぶ' }));
    const picker = within(calendar() as HTMLElement);
    await user.selectOptions(picker.getByRole('combobox', { name: /年/ }), '1990');
    await user.selectOptions(picker.getByRole('combobox', { name: /月/ }), '5月');
    await user.click(picker.getByRole('button', { name: /5月15日/ }));
    expect(calendar()).toBeNull();
    expect(input.value).toBe('1990/05/15');

    // Today is the last day offered; tomorrow is disabled.
    await user.click(leader.getByRole('button', { name: '生年月日をカレンダーから選ぶ' }));
    const again = within(calendar() as HTMLElement);
    await user.selectOptions(again.getByRole('combobox', { name: /年/ }), String(Number(today.slice(0, 4))));
    await user.selectOptions(again.getByRole('combobox', { name: /月/ }), `${Number(today.slice(4, 6))}月`);
    const dayButton = (ymd: Ymd) =>
      again.getByRole<HTMLButtonElement>('button', {
        name: new RegExp(`${Number(ymd.slice(4, 6))}月${Number(ymd.slice(6))}日`),
      });
    expect(dayButton(today).disabled).toBe(false);
    const tomorrow = addDays(today, 1);
    if (tomorrow.slice(0, 6) === today.slice(0, 6)) expect(dayButton(tomorrow).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(calendar()).toBeNull();

    // Typed text is accepted in several forms and written as YYYY/MM/DD once the field is left.
    await retype(user, input, '19800102');
    await user.tab();
    expect(input.value).toBe('1980/01/02');
  });
});

describe('the fields an option lists (extended fields)', () => {
  it.each([
    [[], false, false],
    [['passport_number'], true, false],
    [['vegetarian_meals'], false, true],
  ])('with %j: the passport number %s, vegetarian meals %s, for every person', async (listed, passport, vegetarian) => {
    await openMemberForm({ option: reservedOption({ extended_fields: listed }), party: { adult: 2 } });
    for (const person of [section(Msg.leader), participant(1), participant(2)]) {
      expect(within(person).queryByRole('textbox', { name: 'パスポート番号' }) !== null).toBe(passport);
      expect(within(person).queryByRole('checkbox', { name: Msg.vegetarianWanted }) !== null).toBe(vegetarian);
      expect(within(person).queryByText('ベジタリアン食') !== null).toBe(vegetarian);
    }
  });

  it('asks for both on OP0007, copies them with 申込者と同じ, requires the passport number, and shows them on the check page', async () => {
    // OP0007 of the demo: an arranged tour (手配旅行) for adults that asks for both.
    const option = reservedOption({
      opcd: 'OP0007',
      webname: '京都 禅寺での坐禅体験と精進料理 プライベートツアー（英語ガイド可）',
      travelkubun: 1,
      extended_fields: ['passport_number', 'vegetarian_meals'],
      child_age_min: null,
      child_age_max: null,
    });
    const user = userEvent.setup();
    await openMemberForm({ option, party: { adult: 2 }, check: <CheckPage /> });
    const leader = section(Msg.leader);
    expect(textbox(leader, 'パスポート番号')).toBeTruthy();
    await fillLeader(user, { ...TARO, passport: 'TK1234567' });
    await user.click(within(leader).getByRole('checkbox', { name: Msg.vegetarianWanted }));

    const first = participant(1);
    await user.click(within(first).getByRole('checkbox', { name: Msg.sameAsLeader }));
    expect(textbox(first, 'パスポート番号').value).toBe('TK1234567');
    expect(textbox(first, 'パスポート番号').readOnly).toBe(true);
    const firstVegetarian = within(first).getByRole<HTMLInputElement>('checkbox', { name: Msg.vegetarianWanted });
    expect(firstVegetarian.checked).toBe(true);
    expect(firstVegetarian.disabled).toBe(true);

    // The passport number is required where it is asked.
    await fillPerson(user, participant(2), HANAKO);
    expect(submitButton().disabled).toBe(true);
    await user.type(textbox(participant(2), 'パスポート番号'), 'TK7654321');
    expect(submitButton().disabled).toBe(false);
    await user.click(submitButton());

    await waitFor(() => expect(currentPath()).toBe('/reservation/check'));
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main.textContent).toContain('TK7654321'));
    expect(main.textContent).toContain('TK1234567');
    expect(main.textContent).toContain('希望しない');
    await user.click(screen.getByRole('button', { name: '同意書を確認する' }));
    const consent = within(screen.getByRole('dialog', { name: '同意書の確認' }));
    expect(consent.getByRole('link', { name: /旅行条件書（手配旅行）/ }).getAttribute('href')).toBe(
      '/docs/travel-conditions-arrangement.pdf',
    );
  });
});
