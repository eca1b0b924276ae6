/**
 * What a visitor types is kept across a reload and a language switch (both load a new page: here, a fresh copy of
 * the store module reading localStorage), and a tab whose purchase another tab has replaced says so and books
 * nothing (its tab memory is sessionStorage, swapped here to play the two tabs).
 */
import { addDays, tokyoYmd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import type { PartyCounts } from '@tabi/contract/party';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readTabPurchase } from '../../../stores/purchase-tab.ts';
import { blankPerson, type Leader, useReservationStore } from '../../../stores/reservation-store.ts';
import { stubApi } from '../../../test/api-server.ts';
import { reservedOption } from '../../../test/option-fixture.ts';
import { nationalitiesQueryOptions } from '../api/get-nationalities.ts';
import { useReservationMessages } from '../lib/messages.ts';
import { purchaseStatus, refreshPurchaseStatus } from '../lib/purchase-status.ts';
import { MemberForm } from './member-form.tsx';
import { PurchaseGuard } from './purchase-guard.tsx';
import { RentalForm } from './rental-form.tsx';

const t = useReservationMessages.in('ja');

const createBooking = vi.hoisted(() => vi.fn());
vi.mock('../api/create-booking.ts', () => ({ createBooking, reviseBooking: vi.fn() }));

const today = tokyoYmd(new Date());
const party: PartyCounts = { adult: 1, middle: 0, child: 1, infant: 0 };

type Store = typeof useReservationStore;

const blankLeader = (): Leader => ({ ...blankPerson('adult'), phoneNumber: '', email: '' });

function startIn(store: Store, opcd: string, usedate = addDays(today, 10)): void {
  store.getState().start({
    optionDetail: reservedOption({ opcd, webname: `Option ${opcd}`, rentalcd: '1' }),
    usedate,
    party,
    prices: { adult: 5000, middle: 0, child: 3000, infant: 0 },
    amount: 8000,
    md: '',
    now: Date.now(),
  });
}

/** The store as a newly loaded page has it: a fresh module, hydrated from localStorage. */
async function reloadedStore(): Promise<Store> {
  vi.resetModules();
  return (await import('../../../stores/reservation-store.ts')).useReservationStore;
}

function stored(): { purchaseId?: string; leader?: { lastName: string } | null } | null {
  return JSON.parse(localStorage.getItem('reservation') ?? 'null')?.state ?? null;
}

/** Another tab: its own sessionStorage (none yet) and its own copy of the app. */
async function inOtherTab<T>(run: (store: Store) => T | Promise<T>): Promise<T> {
  const mine = sessionStorage.getItem('reservation-tab');
  sessionStorage.clear();
  try {
    return await run(await reloadedStore());
  } finally {
    sessionStorage.clear();
    if (mine) sessionStorage.setItem('reservation-tab', mine);
  }
}

/** A new page: memory forgets (the draft below), and the store is read from what localStorage kept. */
async function loadedAgain(forget: Partial<ReturnType<Store['getState']>>): Promise<void> {
  const kept = localStorage.getItem('reservation') ?? '';
  useReservationStore.setState(forget);
  localStorage.setItem('reservation', kept);
  await useReservationStore.persist.rehydrate();
}

const NATIONALITIES = [{ id: 1, nationality_nm: '日本' }];

function queryClient(nationalities = true): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (nationalities) client.setQueryData(nationalitiesQueryOptions().queryKey, NATIONALITIES);
  return client;
}

function wrap(ui: React.ReactNode, path = '/reservation/member', client = queryClient()) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/reservation/member" element={ui} />
          <Route path="/reservation/rental" element={ui} />
          <Route path="/detail" element={<p>option page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  Element.prototype.scrollIntoView = vi.fn();
  // The rental step asks what the shop has left that day (ADR 0209): a shop that counts nothing here.
  stubApi(({ url }) => {
    if (url.pathname.endsWith('/rental-stock')) return { usedate: url.searchParams.get('usedate'), left: {} };
    throw new Error(`unexpected call ${url}`);
  });
});

afterEach(() => {
  cleanup();
  useReservationStore.getState().reset();
  createBooking.mockReset();
});

describe('the reservation in progress', () => {
  it('starts with an id this tab remembers; the end of the flow forgets both', () => {
    startIn(useReservationStore, 'OP0001');
    const id = useReservationStore.getState().purchaseId;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(readTabPurchase()).toEqual({ id, opcd: 'OP0001', md: '' });
    expect(stored()?.purchaseId).toBe(id);

    useReservationStore.getState().reset();
    expect(readTabPurchase()).toBeNull();
    expect(stored()?.purchaseId).toBeNull();
  });

  it('keeps the drafts across a reload, and forgets them once the step is sent', async () => {
    startIn(useReservationStore, 'OP0001');
    const draft = {
      leader: {
        lastName: 'YAMADA',
        firstName: 'HANA',
        birthday: '1990/0',
        sex: '2' as const,
        nationalityId: '',
        passportNumber: '',
        vegetarianMeals: false,
        ageClass: 'adult' as const,
        phoneNumber: '',
        email: '',
      },
      sameAsLeader: true,
      members: [],
    };
    useReservationStore.getState().setMemberDraft(draft);
    useReservationStore.getState().setRentalDraft({ members: [{ model: '1', boots_size: '26.5', wear_size: '' }] });

    const reloaded = await reloadedStore();
    expect(reloaded.getState().memberDraft).toEqual(draft);
    expect(reloaded.getState().rentalDraft?.members[0]?.boots_size).toBe('26.5');

    reloaded.getState().setMembers(reloaded.getState().members);
    expect((await reloadedStore()).getState().rentalDraft).toBeNull();
  });

  it('does not save a draft once the flow has ended', () => {
    useReservationStore.getState().setRentalDraft({ members: [] });
    expect(useReservationStore.getState().rentalDraft).toBeNull();
  });
});

describe('two tabs', () => {
  it('a tab left behind by another tab’s purchase neither overwrites nor clears it', async () => {
    startIn(useReservationStore, 'OP0001');
    const mine = useReservationStore.getState().purchaseId;
    // The other tab starts a later purchase of another option.
    await new Promise((r) => setTimeout(r, 5));
    const theirs = await inOtherTab((other) => {
      startIn(other, 'OP0003');
      return other.getState().purchaseId;
    });
    expect(stored()?.purchaseId).toBe(theirs);

    // This tab still holds its purchase in memory; what it saves stays here.
    useReservationStore.getState().setPeople({ ...blankLeader(), lastName: 'MINE' }, []);
    expect(stored()?.purchaseId).toBe(theirs);
    expect(stored()?.leader).toBeNull();
    expect(refreshPurchaseStatus()).toEqual({ kind: 'other', webname: 'Option OP0003', usedate: expect.any(String) });

    // Leaving for the list ends this tab's purchase only.
    useReservationStore.getState().reset();
    expect(stored()?.purchaseId).toBe(theirs);
    expect(mine).not.toBe(theirs);
  });

  it('a new tab opened on a step joins the purchase in progress, and sees the names sent in the first tab', async () => {
    startIn(useReservationStore, 'OP0001');
    const id = useReservationStore.getState().purchaseId;
    await inOtherTab(async (other) => {
      const { joinStoredPurchase } = await import('../lib/purchase-status.ts');
      joinStoredPurchase();
      expect(readTabPurchase()?.id).toBe(id);
      expect(other.getState().purchaseId).toBe(id);
    });
  });

  it('a tab that only browsed clears an abandoned purchase (older than 20 minutes)', async () => {
    useReservationStore.getState().start({
      optionDetail: reservedOption(),
      usedate: today,
      party,
      prices: { adult: 1, middle: 0, child: 1, infant: 0 },
      amount: 2,
      md: '',
      now: Date.now() - 21 * 60_000,
    });
    await inOtherTab((other) => other.getState().reset());
    expect(stored()?.purchaseId).toBeNull();
  });
});

describe('the steps keep what is typed', () => {
  it('the participant form comes back as it was typed after the page is loaded again', async () => {
    const user = userEvent.setup();
    startIn(useReservationStore, 'OP0001');
    const view = render(wrap(<MemberForm submitLabel={Msg.toRental} nextPath="/reservation/rental" />));
    const leader = screen.getByRole('region', { name: Msg.leader });
    await user.type(within(leader).getByRole('textbox', { name: '姓' }), 'YAMADA');
    await user.type(within(leader).getByRole('textbox', { name: 'メールアドレス' }), 'hana@example.com');
    await user.selectOptions(within(leader).getByRole('combobox', { name: '国籍' }), '日本');
    await user.click(within(screen.getByRole('region', { name: /^参加者1/ })).getByRole('checkbox'));
    await waitFor(() => expect(localStorage.getItem('reservation')).toContain('hana@example.com'));
    view.unmount();

    await loadedAgain({ memberDraft: null });
    // On a new page the list of nationalities arrives after the form.
    stubApi(() => new Promise<never>(() => {}));
    const client = queryClient(false);
    render(wrap(<MemberForm submitLabel={Msg.toRental} nextPath="/reservation/rental" />, undefined, client));
    act(() => client.setQueryData(nationalitiesQueryOptions().queryKey, NATIONALITIES));
    const again = screen.getByRole('region', { name: Msg.leader });
    await waitFor(() => expect(within(again).getByRole('combobox', { name: '国籍' })).toHaveProperty('value', '1'));
    expect(within(again).getByRole('textbox', { name: '姓' })).toHaveProperty('value', 'YAMADA');
    expect(within(again).getByRole('textbox', { name: 'メールアドレス' })).toHaveProperty('value', 'hana@example.com');
    const first = screen.getByRole('region', { name: /^参加者1/ });
    expect(within(first).getByRole('checkbox', { name: Msg.sameAsLeader })).toHaveProperty('checked', true);
    expect(within(first).getByRole('textbox', { name: '姓' })).toHaveProperty('value', 'YAMADA');
  });

  it('the rental choices come back after the page is loaded again', async () => {
    const user = userEvent.setup();
    startIn(useReservationStore, 'OP0003');
    const state = useReservationStore.getState();
    state.setPeople({ ...blankLeader(), lastName: 'YAMADA' }, [...state.members]);
    const view = render(wrap(<RentalForm rentalcd="1" />, '/reservation/rental'));
    const adult = screen.getByRole('region', { name: /参加者1/ });
    await user.selectOptions(within(adult).getByRole('combobox', { name: 'ブーツ' }), '26.5');
    await waitFor(() => expect(localStorage.getItem('reservation')).toContain('"boots_size":"26.5"'));
    view.unmount();

    await loadedAgain({ rentalDraft: null });
    render(wrap(<RentalForm rentalcd="1" />, '/reservation/rental'));
    const again = screen.getByRole('region', { name: /参加者1/ });
    expect(within(again).getByRole('combobox', { name: 'ブーツ' })).toHaveProperty('value', '26.5');
  });
});

describe('a step when another tab has started another purchase', () => {
  async function leftBehind(): Promise<void> {
    startIn(useReservationStore, 'OP0001');
    await new Promise((r) => setTimeout(r, 5));
    await inOtherTab((other) => startIn(other, 'OP0003'));
  }

  it('says so plainly instead of the step, and continues the other purchase only when asked', async () => {
    const user = userEvent.setup();
    await leftBehind();
    render(wrap(<PurchaseGuard>the participant form</PurchaseGuard>));
    expect(screen.getByRole('heading', { level: 1, name: t('otherPurchaseTitle') })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(t('otherPurchase'));
    expect(screen.getByText('Option OP0003')).toBeTruthy();
    expect(screen.queryByText('the participant form')).toBeNull();

    await user.click(screen.getByRole('button', { name: t('continueOtherPurchase') }));
    expect(await screen.findByText('the participant form')).toBeTruthy();
    expect(useReservationStore.getState().optionDetail?.opcd).toBe('OP0003');
    expect(readTabPurchase()?.opcd).toBe('OP0003');
  });

  it('continued from a later step, opens the other purchase at its first step without showing the later one', async () => {
    const user = userEvent.setup();
    await leftBehind();
    const checkShown = vi.fn();
    function CheckStub() {
      checkShown();
      return <p>the check page</p>;
    }
    render(
      <MemoryRouter initialEntries={['/reservation/check']}>
        <Routes>
          <Route path="/reservation/member" element={<PurchaseGuard>the participant form</PurchaseGuard>} />
          <Route
            path="/reservation/check"
            element={
              <PurchaseGuard>
                <CheckStub />
              </PurchaseGuard>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: t('continueOtherPurchase') }));
    expect(await screen.findByText('the participant form')).toBeTruthy();
    expect(checkShown).not.toHaveBeenCalled();
  });

  it('goes back to this tab’s option when asked', async () => {
    const user = userEvent.setup();
    await leftBehind();
    render(wrap(<PurchaseGuard>the participant form</PurchaseGuard>));
    await user.click(screen.getByRole('button', { name: t('backToOption') }));
    expect(await screen.findByText('option page')).toBeTruthy();
  });

  it('books nothing from the tab left behind', async () => {
    await leftBehind();
    const { submitBooking } = await import('../lib/submit-booking.ts');
    const navigate = vi.fn();
    await submitBooking({ navigate, redirect: vi.fn(), now: () => Date.now(), language: 'ja' });
    expect(createBooking).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('tells its own purchase from another tab’s, and from one that has ended', () => {
    const tab = { id: 'a', opcd: 'OP0001', md: '' };
    const stored = (id: string) => ({
      purchaseId: id,
      startedAt: Date.now(),
      opcd: 'OP0003',
      webname: 'Ski',
      usedate: '20260310',
      md: '',
      completedUntil: null,
    });
    expect(purchaseStatus(tab, stored('a'))).toEqual({ kind: 'own' });
    expect(purchaseStatus(tab, stored('b'))).toEqual({ kind: 'other', webname: 'Ski', usedate: '20260310' });
    expect(purchaseStatus(tab, null)).toEqual({ kind: 'ended' });
    // A new tab opened on a step continues the purchase in progress.
    expect(purchaseStatus(null, stored('b'))).toEqual({ kind: 'own' });
  });
});
