import { addDays, formatYmd, tokyoYmd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankPerson, useReservationStore } from '../../../stores/reservation-store.ts';
import { reservedOption } from '../../../test/option-fixture.ts';
import { nationalitiesQueryOptions } from '../api/get-nationalities.ts';
import { MemberForm } from './member-form.tsx';

const today = tokyoYmd(new Date());

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(nationalitiesQueryOptions().queryKey, [{ id: 1, nationality_nm: '日本' }]);
  useReservationStore.setState({
    optionDetail: reservedOption(),
    usedate: addDays(today, 10),
    leader: null,
    members: [blankPerson('adult'), blankPerson('child')],
    sameAsLeader: false,
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MemberForm submitLabel={Msg.toCheck} nextPath="/reservation/check" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const section = (name: string | RegExp) => screen.getByRole('region', { name });

async function fillPerson(
  user: ReturnType<typeof userEvent.setup>,
  scope: HTMLElement,
  person: { last: string; first: string; birthday: string },
) {
  const box = within(scope);
  await user.type(box.getByRole('textbox', { name: '姓' }), person.last);
  await user.type(box.getByRole('textbox', { name: '名' }), person.first);
  await user.type(box.getByRole('textbox', { name: '生年月日' }), person.birthday);
  await user.click(box.getByRole('radio', { name: '女性' }));
  await user.selectOptions(box.getByRole('combobox', { name: '国籍' }), '日本');
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  useReservationStore.getState().reset();
});

describe('participant entry', () => {
  it('locks participant 1 to the applicant while 申込者と同じ is ticked, and frees it again', async () => {
    const user = userEvent.setup();
    renderForm();
    const leader = section(Msg.leader);
    await user.type(within(leader).getByRole('textbox', { name: '姓' }), 'YAMADA');

    const first = section(/^参加者1/);
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
    renderForm();
    const leader = section(Msg.leader);
    await fillPerson(user, leader, { last: 'YAMADA', first: 'HANAKO', birthday: '1988/04/12' });
    await user.type(within(leader).getByRole('textbox', { name: '電話番号' }), '090-1234-5678');
    await user.type(within(leader).getByRole('textbox', { name: 'メールアドレス' }), 'hanako@example.com');
    await fillPerson(user, section(/^参加者1/), { last: 'YAMADA', first: 'TARO', birthday: '1986/01/05' });
    // 参加者2 is a child (6 to 11): an adult's birthday is out of range.
    const second = section(/^参加者2/);
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
