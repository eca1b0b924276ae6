import { tokyoYmd } from '@tabi/contract/dates';
import { useSearchParams } from 'react-router';
import { useOptions } from '../../features/catalog/api/get-options.ts';
import { ListToolbar } from '../../features/catalog/components/list-toolbar.tsx';
import { OptionListLayout } from '../../features/catalog/components/option-list-layout.tsx';
import { OptionResults } from '../../features/catalog/components/option-results.tsx';
import { RecentlyViewed } from '../../features/catalog/components/recently-viewed.tsx';
import { SearchPanel } from '../../features/catalog/components/search-panel.tsx';
import { useCatalogMessages } from '../../features/catalog/lib/messages.ts';
import {
  detailHref,
  EMPTY_CONDITIONS,
  listHref,
  listStateToParams,
  readListState,
} from '../../features/catalog/lib/search-query.ts';

/** SPEC §2 index: the option list with its search; conditions and page live in the URL query. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const list = useOptions({ conditions: state.conditions, page: state.page, sort: state.sort });
  const today = tokyoYmd(new Date());
  const t = useCatalogMessages();

  return (
    <OptionListLayout
      title={t('listTitle')}
      panel={
        <SearchPanel
          applied={state.conditions}
          today={today}
          carry={{ md: state.md, sort: state.sort === 'recommended' ? '' : state.sort }}
          onSearch={(conditions) => setParams(listStateToParams({ ...state, conditions, page: 1 }), { replace: true })}
          resetHref={listHref({ ...state, conditions: EMPTY_CONDITIONS, page: 1 })}
        />
      }
    >
      <ListToolbar
        conditions={state.conditions}
        sort={state.sort}
        onSort={(sort) => setParams(listStateToParams({ ...state, sort, page: 1 }), { replace: true })}
        hrefFor={(conditions) => listHref({ ...state, conditions, page: 1 })}
      />
      <OptionResults
        list={list.data?.optionList}
        nearestDays={list.data?.nearest_days}
        usedate={state.conditions.usedate}
        updating={list.isPlaceholderData}
        hrefForPage={(page) => listHref({ ...state, page })}
        hrefForDay={(usedate) => listHref({ ...state, conditions: { ...state.conditions, usedate }, page: 1 })}
        hrefForOption={(opcd) => detailHref(opcd, state)}
      />
      <RecentlyViewed hrefFor={(opcd) => detailHref(opcd, state)} />
    </OptionListLayout>
  );
}
