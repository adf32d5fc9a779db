import { Chip, Group } from '@mantine/core';
import { ORDER_STATUSES, ORDER_TEXT, type OrderSortKey } from '#domain/orders';
import { useStaffOptions } from '../../api/users';
import { DateRangeFields } from '../../components/DateRangeFields';
import { OwnerSelect } from '../../components/desk/OwnerSelect';
import type { useListState } from '../../components/useListState';
import { useSession } from '../../session/SessionContext';
import { ORDER_SCREEN as T } from './texts';

export type OrderFilterKey = 'status' | 'owner' | 'from' | 'to';

const ALL = 'all';

type Props = {
  filters: Record<OrderFilterKey, string | undefined>;
  list: Pick<ReturnType<typeof useListState<OrderSortKey, OrderFilterKey>>, 'setFilter' | 'setFilters'>;
};

/** The orders' own filters: status, owner and the days they were placed between. */
export function OrderFilters({ filters, list }: Props) {
  const { user } = useSession();
  const staff = useStaffOptions(user?.role === 'admin').data ?? [];

  return (
    <>
      <Chip.Group
        multiple={false}
        value={filters.status ?? ALL}
        onChange={(v) => list.setFilter('status', v === ALL ? undefined : v)}
      >
        <Group gap={6} role="radiogroup" aria-label={T.statusLabel} w="100%">
          <Chip value={ALL} size="xs" radius="sm">
            {T.allStatuses}
          </Chip>
          {ORDER_STATUSES.map((s) => (
            <Chip key={s} value={s} size="xs" radius="sm">
              {ORDER_TEXT.status[s]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <OwnerSelect
        value={filters.owner}
        staff={staff}
        onChange={(owner) => list.setFilter('owner', owner ?? undefined)}
      />
      <DateRangeFields
        from={filters.from ?? null}
        to={filters.to ?? null}
        onChange={(change) =>
          list.setFilters({
            ...('from' in change ? { from: change.from ?? undefined } : {}),
            ...('to' in change ? { to: change.to ?? undefined } : {}),
          })
        }
      />
    </>
  );
}
