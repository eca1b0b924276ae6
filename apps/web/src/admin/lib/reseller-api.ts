import { OWN_SITE_CHANNEL } from '@tabi/contract/admin-bookings';
import { CONSOLE } from '@tabi/contract/console-endpoints';
import { bpToPercent, OWN_CHANNEL_VALUE } from '@tabi/contract/resellers';
import { useQuery } from '@tanstack/react-query';
import type { Choice } from '../components/filters.tsx';
import { adminCall } from './admin-api.ts';

/** 販売チャネル's choices for a filter: 自社サイト, then every reseller by name (a stopped one said so). */
export function useChannelChoices(): Choice[] {
  const query = useQuery({
    queryKey: ['admin', 'channels'],
    queryFn: () => adminCall(CONSOLE['GET /channels']),
    staleTime: 60_000,
  });
  return [
    { value: OWN_CHANNEL_VALUE, label: OWN_SITE_CHANNEL },
    ...(query.data ?? []).map((c) => ({ value: String(c.id), label: c.enabled ? c.name : `${c.name}（停止中）` })),
  ];
}

/** 1250 → 「12.5%」. */
export const commissionLabel = (bp: number) => `${bpToPercent(bp)}%`;
