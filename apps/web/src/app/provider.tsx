import { DEFAULT_LANG, type Lang } from '@tabi/contract/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LangProvider } from '../i18n/lang.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export function AppProvider({
  client,
  lang = DEFAULT_LANG,
  children,
}: {
  client: QueryClient;
  lang?: Lang;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <LangProvider lang={lang}>{children}</LangProvider>
    </QueryClientProvider>
  );
}
