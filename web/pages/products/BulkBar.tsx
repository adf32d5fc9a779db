import { Button, Group, Menu, Paper, Text } from '@mantine/core';
import {
  IconCategory,
  IconChevronDown,
  IconCurrencyDollar,
  IconEye,
  IconEyeOff,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import { BULK_ACTION_RIGHT, BULK_LIMITS, BULK_TEXT, type BulkAction } from '#domain/product-list';
import { usePermissions } from '../../session/usePermissions';
import { PRODUCTS_SCREEN } from './texts';

type Props = {
  count: number;
  /** Every row matching the filter is selected (not only picked ones). */
  matching: boolean;
  /** Offered when the whole page is picked and more rows match. */
  allMatchingTotal: number | null;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onAction: (action: BulkAction) => void;
};

const ICONS: Record<BulkAction, typeof IconTag> = {
  set_category: IconCategory,
  set_brand: IconTag,
  publish: IconEye,
  unpublish: IconEyeOff,
  adjust_price: IconCurrencyDollar,
  delete: IconTrash,
};
const EDITS = ['set_category', 'set_brand', 'publish', 'unpublish', 'adjust_price'] as const;

/**
 * The selection and what can be done to it, held at the bottom of the screen while the list
 * scrolls. More ids than one call takes can only go as "all matching".
 */
export function BulkBar({
  count,
  matching,
  allMatchingTotal,
  onSelectAllMatching,
  onClear,
  onAction,
}: Props) {
  const tooMany = !matching && count > BULK_LIMITS.maxIds;
  // Only the actions the role may run are offered.
  const { has } = usePermissions();
  const edits = EDITS.filter((action) => has(BULK_ACTION_RIGHT[action]));
  const mayDelete = has(BULK_ACTION_RIGHT.delete);
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      mt="md"
      role="region"
      aria-label={PRODUCTS_SCREEN.bulkActions}
      data-testid="bulk-bar"
      style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 20 }}
    >
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text fw={600} aria-live="polite" data-testid="selection-count">
            {matching ? PRODUCTS_SCREEN.allMatching(count) : PRODUCTS_SCREEN.selected(count)}
          </Text>
          {allMatchingTotal !== null && (
            <Button variant="light" size="compact-sm" onClick={onSelectAllMatching}>
              {PRODUCTS_SCREEN.selectAllMatching(allMatchingTotal)}
            </Button>
          )}
          <Button variant="subtle" size="compact-sm" onClick={onClear}>
            {PRODUCTS_SCREEN.clearSelection}
          </Button>
          {tooMany && (
            <Text size="sm" c="red">
              {BULK_TEXT.tooManyIds}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <Menu position="top-end" withinPortal>
            <Menu.Target>
              <Button rightSection={<IconChevronDown size={16} aria-hidden />} disabled={tooMany}>
                {PRODUCTS_SCREEN.bulkActions}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {edits.map((action) => {
                const Icon = ICONS[action];
                return (
                  <Menu.Item
                    key={action}
                    leftSection={<Icon size={16} aria-hidden />}
                    onClick={() => onAction(action)}
                  >
                    {BULK_TEXT.actionLabels[action]}
                  </Menu.Item>
                );
              })}
              {mayDelete && edits.length > 0 && <Menu.Divider />}
              {mayDelete && (
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => onAction('delete')}
                >
                  {BULK_TEXT.actionLabels.delete}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Paper>
  );
}
