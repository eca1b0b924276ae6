import { create } from 'zustand';

/** Counts calls in flight that show the loading overlay (SPEC §2 Shared). */
export const useLoadingStore = create<{ pending: number; start(): void; end(): void }>((set) => ({
  pending: 0,
  start: () => set((s) => ({ pending: s.pending + 1 })),
  end: () => set((s) => ({ pending: Math.max(0, s.pending - 1) })),
}));

export async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  const { start, end } = useLoadingStore.getState();
  start();
  try {
    return await work();
  } finally {
    end();
  }
}
