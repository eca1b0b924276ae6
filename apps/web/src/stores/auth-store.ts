import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { safeStorage } from './safe-storage.ts';

interface AuthState {
  isLogin: boolean;
  sessionId: string | null;
  rsvno: string | null;
  login(sessionId: string, rsvno: string): void;
  logout(): void;
}

/** SPEC §3 authentication state, persisted across reloads under the store id "auth". */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      isLogin: false,
      sessionId: null,
      rsvno: null,
      login: (sessionId, rsvno) => set({ isLogin: true, sessionId, rsvno }),
      logout: () => set({ isLogin: false, sessionId: null, rsvno: null }),
    }),
    {
      name: 'auth',
      storage: createJSONStorage(() => safeStorage),
      partialize: ({ isLogin, sessionId, rsvno }) => ({ isLogin, sessionId, rsvno }),
    },
  ),
);

/**
 * Whether the visitor is logged in (persisted in this browser), for what a server-rendered page shows: the server
 * rendered it logged out, so it is hydrated as such and then shows the visitor's own state, instead of failing to
 * hydrate.
 */
export function useIsLogin(): boolean {
  return useSyncExternalStore(
    useAuthStore.subscribe,
    () => useAuthStore.getState().isLogin,
    () => false,
  );
}
