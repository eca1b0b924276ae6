import { monthStart, tokyoYmd, type Ymd } from '@tabi/contract/dates';
import { SMALL_IMAGE_MIN_WIDTH } from '@tabi/contract/picture-sizes';
import { firstDayOnSale } from '@tabi/contract/sales-cutoff';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { htmlToText } from '../../components/safe-html.tsx';
import {
  AvailabilityCalendar,
  focusCalendarDay,
  isSelectableDay,
} from '../../features/availability/components/availability-calendar.tsx';
import { PartyDialog } from '../../features/availability/components/party-dialog.tsx';
import { initialDetailUsedate, useOptionDetail } from '../../features/catalog/api/get-option-detail.ts';
import { BuyPanel } from '../../features/catalog/components/buy-panel.tsx';
import { DetailLayout } from '../../features/catalog/components/detail-layout.tsx';
import { BackLink, DetailTabs } from '../../features/catalog/components/detail-tabs.tsx';
import { OptionHeader } from '../../features/catalog/components/option-header.tsx';
import { sourceAtLeast } from '../../features/catalog/components/option-picture.tsx';
import {
  ApplicationGuide,
  ContentGuide,
  OrganiserBlock,
  PriceSection,
} from '../../features/catalog/components/option-sections.tsx';
import { useDetailMessages } from '../../features/catalog/lib/detail-messages.ts';
import { lowestAdultPrice, rememberViewed } from '../../features/catalog/lib/recently-viewed.ts';
import { listHref, readListState } from '../../features/catalog/lib/search-query.ts';
import { WaitlistJoin } from '../../features/waitlist/components/waitlist-join.tsx';
import type { OfferBooking } from '../../features/waitlist/components/waitlist-offer-panel.tsx';
import { showAlert } from '../../lib/alert.ts';
import { failureMessage } from '../../lib/api-client.ts';
import { usePageMeta } from '../../lib/page-meta.ts';

// The landing of a キャンセル待ち mail's link (ADR 0167): loaded only when the link's token is in the query.
const WaitlistOfferPanel = lazy(() =>
  import('../../features/waitlist/components/waitlist-offer-panel.tsx').then((m) => ({
    default: m.WaitlistOfferPanel,
  })),
);

/**
 * The offer panel of a waiting list's mail link, the browser's own (not in the page the server renders): shown once the
 * page is hydrated. Its own state, so that the hydration's follow-up render is this component's, not the whole page's
 * (the calendar and the gallery rendered a second time on every detail page's load).
 */
function WaitlistOffer({ token, onBook }: { token: string; onBook: (offer: OfferBooking) => void }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <WaitlistOfferPanel token={token} onBook={onBook} />
    </Suspense>
  );
}

/**
 * SPEC §2 Option detail (/detail?opcd=&usedate=&md=): the option, its availability calendar and the
 * party-count dialog that starts a reservation. The search query rides along for the way back.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const t = useDetailMessages();
  const opcd = params.get('opcd') ?? '';
  const waitlistToken = params.get('waitlist') ?? '';
  const listState = readListState(params);
  const backHref = listHref(listState);
  const today = tokyoYmd(new Date());
  const thisMonth = monthStart(today);
  const firstUsedate = initialDetailUsedate(listState.conditions.usedate, today);

  // null until the visitor changes month: the first call sends the usedate query (SPEC §7).
  const [month, setMonth] = useState<Ymd | null>(null);
  const [selected, setSelected] = useState<Ymd | null>(null);
  const [dialogDay, setDialogDay] = useState<Ymd | null>(null);
  const [offer, setOffer] = useState<OfferBooking | null>(null);
  const visibleMonth = month ?? (firstUsedate ? monthStart(firstUsedate) : thisMonth);

  const detail = useOptionDetail({
    opcd,
    usedate: month ?? firstUsedate,
    background: month !== null,
  });
  const failed = detail.isError;
  const failure = failureMessage(detail.error);

  useEffect(() => {
    if (opcd === '') navigate(backHref, { replace: true });
  }, [opcd, backHref, navigate]);

  useEffect(() => {
    if (!failed) return;
    // SPEC §8: the server's message, then back to the list (network failures were already announced).
    if (failure !== null) showAlert(failure);
    navigate(backHref, { replace: true });
  }, [failed, failure, backHref, navigate]);

  const option = failed ? null : (detail.data ?? null);
  const viewed = option && !detail.isPlaceholderData ? option : null;
  // At a month's end, once its last day's sales have closed (ADR 0191), the calendar opens at the month of the
  // first day still on sale rather than on a month with nothing to choose.
  const cutoff = option?.sales_cutoff;
  const openingMonth =
    month === null && !firstUsedate && cutoff ? monthStart(firstDayOnSale(cutoff, new Date())) : thisMonth;
  const moving = openingMonth > thisMonth;
  useEffect(() => {
    if (moving) setMonth(openingMonth);
  }, [moving, openingMonth]);
  // 最近見た商品 keeps the price of the month the calendar opens at, not of the month it is about to leave.
  useEffect(() => {
    if (!viewed || moving) return;
    rememberViewed({
      opcd: viewed.opcd,
      webname: viewed.webname,
      image: viewed.imageList[0] ? sourceAtLeast(viewed.imageList[0], SMALL_IMAGE_MIN_WIDTH) : null,
      price: lowestAdultPrice(viewed.valueList),
    });
  }, [viewed, moving]);
  usePageMeta(option?.webname, option ? htmlToText(option.introduction).slice(0, 120) : undefined);

  if (!option) return <div className="container page" aria-busy="true" />;

  const hasCalendar = Object.keys(option.valueList).length > 0;
  // The use date searched on the list is the day the visitor means: chosen already, until they tap another. The
  // party form waits for their tap (here or on the buy panel) rather than covering the page they came to read.
  const searchedDay = listState.conditions.usedate;
  const chosen =
    selected ?? (searchedDay !== '' && isSelectableDay(option.valueList, searchedDay, today) ? searchedDay : null);
  const dialogStock = dialogDay ? Number(option.valueList[dialogDay]?.zaikozan ?? 0) : 0;

  return (
    <div className="container page">
      <BackLink to={backHref} label={t('backToList')} />
      {waitlistToken !== '' && <WaitlistOffer token={waitlistToken} onBook={setOffer} />}
      <DetailLayout
        panel={
          <BuyPanel
            price={lowestAdultPrice(option.valueList)}
            requestItem={option.flg_request_item === 1}
            day={chosen}
            onBook={setDialogDay}
          />
        }
      >
        <OptionHeader option={option} />
        <DetailTabs showPrice={hasCalendar} />
        <ContentGuide option={option} />
        {hasCalendar && (
          <PriceSection requestItem={option.flg_request_item === 1} salesCutoff={option.sales_cutoff}>
            <AvailabilityCalendar
              option={option}
              month={visibleMonth}
              today={today}
              selected={chosen}
              loading={detail.isPlaceholderData}
              onMonthChange={setMonth}
              onSelect={(day) => {
                setSelected(day);
                setDialogDay(day);
              }}
            />
            <WaitlistJoin option={option} valueList={option.valueList} today={today} />
          </PriceSection>
        )}
        <ApplicationGuide option={option} />
        <OrganiserBlock />
      </DetailLayout>
      {offer && (
        <PartyDialog
          option={option}
          usedate={offer.usedate}
          zaikozan={offer.held}
          md={listState.md}
          offer={offer}
          onClose={() => {
            setOffer(null);
            window.requestAnimationFrame(() =>
              document.querySelector<HTMLButtonElement>('[data-testid="waitlist-book"]')?.focus(),
            );
          }}
        />
      )}
      {dialogDay && (
        <PartyDialog
          option={option}
          usedate={dialogDay}
          zaikozan={dialogStock}
          md={listState.md}
          onClose={() => {
            setDialogDay(null);
            window.requestAnimationFrame(() => focusCalendarDay(dialogDay));
          }}
        />
      )}
    </div>
  );
}
