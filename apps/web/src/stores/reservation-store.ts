import type { OptionDetail } from '@tabi/contract/catalog';
import { AGE_CLASSES, type AgeClass, RESERVATION_SESSION_LIMIT_MINUTES } from '@tabi/contract/constants';
import type { PartyCounts, PartyPrices } from '@tabi/contract/party';
import { create } from 'zustand';
import { type PersistStorage, persist, type StorageValue } from 'zustand/middleware';
import {
  mayWrite,
  newPurchaseId,
  parseStored,
  RESERVATION_KEY,
  readTabPurchase,
  storedPurchaseOf,
  writeTabPurchase,
} from './purchase-tab.ts';
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

/** A person as the participant form holds them while typing: the birthday as typed (e.g. 1990/01/3). */
export interface PersonDraft {
  lastName: string;
  firstName: string;
  birthday: string;
  sex: '' | '1' | '2';
  nationalityId: string;
  passportNumber: string;
  vegetarianMeals: boolean;
  ageClass: AgeClass;
}

/** The participant form's values (the reservation feature's MemberFormValues has this shape). */
export interface MemberDraft {
  leader: PersonDraft & { phoneNumber: string; email: string };
  sameAsLeader: boolean;
  members: PersonDraft[];
}

/** The rental step's values, one entry per participant (the feature's RentalFormValues). */
export interface RentalDraft {
  members: { model: '' | '1' | '2'; boots_size: string; wear_size: string }[];
}

/** The option as the flow needs it; the calendar's valueList is not kept. */
export type ReservedOption = Omit<OptionDetail, 'valueList'>;

/** A キャンセル待ち offer the flow books (ADR 0167): its link's token and until when its seats are held. */
export interface WaitlistOfferRef {
  token: string;
  /** ISO instant. */
  expiresAt: string;
  held: number;
}

/** A 割引コード the check page applied (ADR 0210): the server's answer, sent back with the booking. */
export interface AppliedDiscount {
  code: string;
  /** Yen off. */
  discount: number;
  /** What is paid. */
  amountjp: number;
}

export interface Completion {
  rsvno: string;
  /** ISO instant: reservation date + 1 hour. */
  expiresAt: string;
  request: boolean;
}

interface ReservationData {
  /** Epoch ms when the flow started; null when no flow is in progress. */
  startedAt: number | null;
  /** Made when the flow starts: tells this purchase from one another tab started since. */
  purchaseId: string | null;
  md: string;
  optionDetail: ReservedOption | null;
  /** YYYYMMDD */
  usedate: string | null;
  /** The departure's start and end (`HH:MM`) on an option with start times; '' for a whole day (ADR 0196). */
  startTime: string;
  endTime: string;
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
  /**
   * What the participant form holds while it is being filled in, saved as it is typed: a reload or a language
   * switch (a new page) brings it back. Cleared once the form is sent (its values are then leader and members).
   */
  memberDraft: MemberDraft | null;
  /** The rental step's choices as they are made, for the same reason. */
  rentalDraft: RentalDraft | null;
  /** The 割引コード applied on the check page; a new party or day starts without one. */
  discount: AppliedDiscount | null;
}

interface ReservationState extends ReservationData {
  start(input: {
    optionDetail: ReservedOption;
    usedate: string;
    startTime?: string;
    endTime?: string;
    party: PartyCounts;
    prices: PartyPrices;
    amount: number;
    md: string;
    now: number;
    waitlist?: WaitlistOfferRef | null;
  }): void;
  setPeople(leader: Leader, members: Person[], sameAsLeader?: boolean): void;
  setMembers(members: Person[]): void;
  setMemberDraft(draft: MemberDraft | null): void;
  setRentalDraft(draft: RentalDraft | null): void;
  complete(completion: Completion): void;
  setDiscount(discount: AppliedDiscount | null): void;
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

const initial: ReservationData = {
  startedAt: null,
  purchaseId: null,
  md: '',
  optionDetail: null,
  usedate: null,
  startTime: '',
  endTime: '',
  party: null,
  prices: null,
  amount: 0,
  leader: null,
  members: [],
  sameAsLeader: false,
  completed: null,
  waitlist: null,
  memberDraft: null,
  rentalDraft: null,
  discount: null,
};

const DATA_KEYS = Object.keys(initial) as (keyof ReservationData)[];

function dataOf(state: ReservationData): ReservationData {
  return Object.fromEntries(DATA_KEYS.map((key) => [key, state[key]])) as unknown as ReservationData;
}

/**
 * localStorage shared by the tabs, written only when this tab may (purchase-tab.ts `mayWrite`): a tab left with
 * a purchase another tab has replaced keeps it in memory only, and cannot overwrite the other tab's names.
 */
const reservationStorage: PersistStorage<ReservationData> = {
  getItem(name) {
    const raw = safeStorage.getItem(name);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StorageValue<ReservationData>;
    } catch {
      return null;
    }
  },
  setItem(name, value) {
    const stored = storedPurchaseOf(parseStored(safeStorage.getItem(name)));
    if (!mayWrite(stored, storedPurchaseOf(value.state), readTabPurchase(), Date.now())) return;
    safeStorage.setItem(name, JSON.stringify(value));
  },
  removeItem(name) {
    safeStorage.removeItem(name);
  },
};

/** The persisted shape's version: 1 added the purchase's id and the drafts, 2 the departure's times. */
const VERSION = 2;

/** The reservation in progress (SPEC §3, §4), persisted under the store id "reservation". */
export const useReservationStore = create<ReservationState>()(
  persist(
    (set, get) => ({
      ...initial,
      start: ({
        optionDetail,
        usedate,
        startTime = '',
        endTime = '',
        party,
        prices,
        amount,
        md,
        now,
        waitlist = null,
      }) => {
        const purchaseId = newPurchaseId();
        // The tab first, so that the write below is this tab's own purchase.
        writeTabPurchase({ id: purchaseId, opcd: optionDetail.opcd, md });
        set({
          ...initial,
          startedAt: now,
          purchaseId,
          optionDetail,
          usedate,
          startTime,
          endTime,
          party,
          prices,
          amount,
          md,
          waitlist,
          members: membersFor(party),
        });
      },
      setPeople: (leader, members, sameAsLeader) =>
        set(
          sameAsLeader === undefined
            ? { leader, members, memberDraft: null }
            : { leader, members, sameAsLeader, memberDraft: null },
        ),
      setMembers: (members) => set({ members, rentalDraft: null }),
      setMemberDraft: (memberDraft) => {
        if (get().startedAt !== null) set({ memberDraft });
      },
      setRentalDraft: (rentalDraft) => {
        if (get().startedAt !== null) set({ rentalDraft });
      },
      complete: (completed) => set({ completed }),
      setDiscount: (discount) => set({ discount }),
      reset: () => {
        // Written while the tab still names its purchase: a tab clears only its own (purchase-tab.ts).
        set(initial);
        writeTabPurchase(null);
      },
    }),
    {
      name: RESERVATION_KEY,
      storage: reservationStorage,
      partialize: (state) => dataOf(state),
      version: VERSION,
      // A flow stored before purchases had ids gets one, so its tab and a new one tell it apart from now on.
      migrate: (persisted) => {
        const state = persisted as Partial<ReservationData> | null;
        const started = typeof state?.startedAt === 'number';
        return { ...initial, ...state, purchaseId: started ? (state?.purchaseId ?? newPurchaseId()) : null };
      },
    },
  ),
);

/** Whether a saved participant-form draft belongs to this party (same people, same age classes). */
export function draftFits(draft: MemberDraft | null, members: Person[]): draft is MemberDraft {
  return (
    draft !== null &&
    Array.isArray(draft.members) &&
    draft.members.length === members.length &&
    draft.members.every((m, i) => m.ageClass === members[i]?.ageClass)
  );
}

/** SPEC §4: a reservation session is too old after more than 20 minutes. */
export function isReservationExpired(startedAt: number | null, now: number): boolean {
  return startedAt === null || now - startedAt > RESERVATION_SESSION_LIMIT_MINUTES * 60_000;
}
