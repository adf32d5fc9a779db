import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { HistoryEntry } from '#domain/history';
import { entityPath } from './entityLink';
import { ENTITY_LABEL } from './texts';

/** "Product · Name", linking to where the entity is seen when it still can be. */
export function EntityTitle({ entry }: { entry: HistoryEntry }) {
  const type = ENTITY_LABEL[entry.entity_type] ?? entry.entity_type;
  const name = entry.entity_name ?? (entry.entity_id === null ? null : `#${entry.entity_id}`);
  const path = entityPath(entry);
  return (
    <Text size="sm" span>
      <Text span c="dimmed" size="sm">
        {type}
        {name && ' · '}
      </Text>
      {name &&
        (path ? (
          <Anchor component={Link} to={path} size="sm" fw={600}>
            {name}
          </Anchor>
        ) : (
          <Text span fw={600} size="sm">
            {name}
          </Text>
        ))}
    </Text>
  );
}
