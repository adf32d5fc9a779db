import { Alert, Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { isNotFound } from '../../api/errors';
import { useDeletePriceList, usePriceList } from '../../api/priceLists';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { windowText } from '../../components/windowTime';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { ListStateBadge } from './ListStateBadge';
import { PriceGrid } from './PriceGrid';
import { PriceListFormModal } from './PriceListFormModal';
import { PRICE_LIST_SCREEN as T, TYPE_LABELS } from './texts';

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** One price list: its terms and whom it is for, and for a fixed list its grid with CSV in and out. */
export function PriceListPage() {
  const id = Number(useParams().id);
  const detail = usePriceList(id);
  const remove = useDeletePriceList();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const list = detail.data;
  useDocumentTitle(list?.name);

  const back = (
    <Anchor component={Link} to="/price-lists" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {T.title}
      </Group>
    </Anchor>
  );

  if (detail.isError) {
    return (
      <Stack>
        {back}
        <Alert color="gray">{isNotFound(detail.error) ? T.notFound : T.failed}</Alert>
      </Stack>
    );
  }
  if (!list) {
    return (
      <Stack>
        {back}
        <Loader aria-label="Loading" />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={list.name}
        badge={<ListStateBadge list={list} />}
        caption={
          list.type === 'percent' && list.percent !== null
            ? `${TYPE_LABELS.percent}: ${percent.format(list.percent)}%`
            : `${TYPE_LABELS.fixed}: ${list.price_count.toLocaleString('en-US')} ${list.price_count === 1 ? 'price' : 'prices'}`
        }
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Paper withBorder radius="md" p="sm">
          <Title order={2} size="h6" mb={4}>
            Dates
          </Title>
          <Text size="sm">{windowText(list.starts_at, list.ends_at)}</Text>
          <Text size="xs" c="dimmed">
            {list.active ? 'Active' : 'Not active'}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="sm" aria-labelledby="pl-companies">
          <Title order={2} size="h6" mb={4} id="pl-companies">
            {T.companies}
          </Title>
          <Names names={list.companies.map((c) => c.name)} empty={T.noCompanies} />
        </Paper>
        <Paper withBorder radius="md" p="sm" aria-labelledby="pl-customers">
          <Title order={2} size="h6" mb={4} id="pl-customers">
            {T.customers}
          </Title>
          <Names names={list.customers.map((c) => `${c.name} (${c.email})`)} empty={T.noCustomers} />
        </Paper>
      </SimpleGrid>
      {!list.companies.length && !list.customers.length && (
        <Text size="sm" c="orange">
          {T.unassigned}
        </Text>
      )}
      {list.type === 'fixed' ? (
        <PriceGrid listId={list.id} />
      ) : (
        <Alert color="gray" variant="light">
          {T.percentNote}
        </Alert>
      )}
      <PriceListFormModal
        list={list}
        opened={editing}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
      <ConfirmDialog
        opened={deleting}
        title={T.deleteTitle}
        message={T.deleteMessage(list.name)}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(list.id, {
            onSuccess: () => {
              toast.success(T.deleted);
              navigate('/price-lists', { replace: true });
            },
          })
        }
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}

function Names({ names, empty }: { names: string[]; empty: string }) {
  if (!names.length)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {names.map((name) => (
        <Text key={name} size="sm" component="li">
          {name}
        </Text>
      ))}
    </Stack>
  );
}
