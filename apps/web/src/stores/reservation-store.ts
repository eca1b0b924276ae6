import type { OptionDetail } from '@tabi/contract/catalog';
import { AGE_CLASSES, type AgeClass, RESERVATION_SESSION_LIMIT_MINUTES } from '@tabi/contract/constants';
import type { PartyCounts, PartyPrices } from '@tabi/contract/party';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { safeStorage } from './safe-storage.ts';

/** SPEC §3 "Person (leader or participant, local)". */
export interface Person {
  lastName: string;
  firstName: string;
  sex: '' | '1' | '2';
  /** YYYY-MM-DD */
  birthday: string;
  ageClass: AgeClass;
  rentalType: '' | '1' | '2';
  bootsSize: string;
  wearSize: string;
  nationalityId: string;
  passportNumber: string;
  vegetarianMeals: boolean;
}

export interface Leader extends Person {
  phoneNumber: string;
  email: string;
}

/** The option as the flow needs it; the calendar's valueList is not kept. */
export type ReservedOption = Omit<OptionDetail, 'valueList'>;

/** A キャンセル待ち offer the flow books (issue 27): its link's token and until when its seats are held. */
export interface WaitlistOfferRef {
  token: string;
  /** ISO instant. */
  expiresAt: string;
  held: number;
}

export interface Completion {
  rsvno: string;
  /** ISO instant: reservation date + 1 hour. */
  expiresAt: string;
  request: boolean;
}

interface ReservationState {
  /** Epoch ms when the flow started; null when no flow is in progress. */
  startedAt: number | null;
  md: string;
  optionDetail: ReservedOption | null;
  /** YYYYMMDD */
  usedate: string | null;
  party: PartyCounts | null;
  prices: PartyPrices | null;
  amount: number;
  leader: Leader | null;
  members: Person[];
  /** Participant 1 is the applicant (申込者と同じ). */
  sameAsLeader: boolean;
  completed: Completion | null;
  /** Set when the flow started from a キャンセル待ち offer's link. */
  waitlist: WaitlistOfferRef | null;
  start(input: {
    optionDetail: ReservedOption;
    usedate: string;
    party: PartyCounts;
    prices: PartyPrices;
    amount: number;
    md: string;
    now: number;
    waitlist?: WaitlistOfferRef | null;
  }): void;
  setPeople(leader: Leader, members: Person[], sameAsLeader?: boolean): void;
  setMembers(members: Person[]): void;
  complete(completion: Completion): void;
  reset(): void;
}

export function blankPerson(ageClass: AgeClass): Person {
  return {
    lastName: '',
    firstName: '',
    sex: '',
    birthday: '',
    ageClass,
    rentalType: '',
    bootsSize: '',
    wearSize: '',
    nationalityId: '',
    passportNumber: '',
    vegetarianMeals: false,
  };
}

/** The participants in age-class order, one blank person per head of the party. */
export function membersFor(party: PartyCounts): Person[] {
  return AGE_CLASSES.flatMap((c) => Array.from({ length: party[c] }, () => blankPerson(c)));
}

const initial = {
  startedAt: null,
  md: '',
  optionDetail: null,
  usedate: null,
  party: null,
  prices: null,
  amount: 0,
  leader: null,
  members: [],
  sameAsLeader: false,
  completed: null,
  waitlist: null,
};

/** The reservation in progress (SPEC §3, §4), persisted under the store id "reservation". */
export const useReservationStore = create<ReservationState>()(
  persist(
    (set) => ({
      ...initial,
      start: ({ optionDetail, usedate, party, prices, amount, md, now, waitlist = null }) =>
        set({
          ...initial,
          startedAt: now,
          optionDetail,
          usedate,
          party,
          prices,
          amount,
          md,
          waitlist,
          members: membersFor(party),
        }),
      setPeople: (leader, members, sameAsLeader) =>
        set(sameAsLeader === undefined ? { leader, members } : { leader, members, sameAsLeader }),
      setMembers: (members) => set({ members }),
      complete: (completed) => set({ completed }),
      reset: () => set(initial),
    }),
    {
      name: 'reservation',
      // Only data is stored: JSON leaves the actions out.
      storage: createJSONStorage(() => safeStorage),
    },
  ),
);

/** SPEC §4: a reservation session is too old after more than 20 minutes. */
export function isReservationExpired(startedAt: number | null, now: number): boolean {
  return startedAt === null || now - startedAt > RESERVATION_SESSION_LIMIT_MINUTES * 60_000;
}
