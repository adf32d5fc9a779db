import { Group, Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { usePermissions } from '../../session/usePermissions';
import { isMac, shortcutSheet } from './shortcuts';

type Props = { opened: boolean; onClose: () => void };

/** The `?` sheet: every shortcut, read from the same table as the handlers. */
export function ShortcutsSheet({ opened, onClose }: Props) {
  const { has } = usePermissions();
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="md">
      <Stack gap="md">
        {shortcutSheet(isMac(), has).map((section, index) => (
          <section key={section.title} aria-labelledby={`shortcuts-section-${index}`}>
            <Title order={3} size="sm" mb={4} id={`shortcuts-section-${index}`}>
              {section.title}
            </Title>
            <Table verticalSpacing={4} withRowBorders={false}>
              <Table.Tbody>
                {section.rows.map((row) => (
                  <Table.Tr key={row.keys.join(' ')}>
                    <Table.Td w={120}>
                      <Group gap={4} wrap="nowrap">
                        {row.keys.map((k, i) => (
                          <Fragment key={k}>
                            {i > 0 && (
                              <Text span size="xs" c="dimmed">
                                then
                              </Text>
                            )}
                            <Kbd>{k}</Kbd>
                          </Fragment>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.description}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
      </Stack>
    </Modal>
  );
}
