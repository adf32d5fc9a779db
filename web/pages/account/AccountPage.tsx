import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_TEXT as T } from '#domain/account';
import { formatMoney } from '#domain/money';
import { ORDER_STATUS_TEXT } from '#domain/quote-texts';
import {
  type AccountListKind,
  type AccountRow,
  useAccountList,
  useAccountMe,
  useRequestLink,
} from '../../api/account';
import { errorMessage } from '../../api/errors';
import { formatDateTime } from '../../components/format';
import { Pager } from '../../components/Pager';
import classes from './Account.module.css';
import { AccountShell, useBuyerSignedIn, useTitle } from './AccountShell';

const TABS: AccountListKind[] = ['quotes', 'requests', 'orders'];
const day = (iso: string) => formatDateTime(iso).slice(0, 10);

/**
 * The buyer portal (/account): the sign-in by e-mail link, or, signed in, the buyer's quotes,
 * requests and orders, the tab and page in the URL.
 */
export function AccountPage() {
  const signedIn = useBuyerSignedIn();
  useTitle(signedIn ? T.title : T.signInTitle);
  return <AccountShell signedIn={signedIn}>{signedIn ? <Portal /> : <SignIn />}</AccountShell>;
}

function SignIn() {
  const link = useRequestLink();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return;
    link.mutate(value, { onSuccess: () => setSentTo(value) });
  };
  if (sentTo)
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} className={classes.signIn}>
        <Stack gap="sm" role="status">
          <Group gap="xs">
            <IconMail size={22} aria-hidden />
            <Title order={2} size="h3">
              {T.checkTitle}
            </Title>
          </Group>
          <Text>{T.checkBody(sentTo)}</Text>
          <Group>
            <Button variant="default" onClick={() => setSentTo(null)}>
              {T.useAnother}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} className={classes.signIn}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3">
            {T.signInTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {T.signInIntro}
          </Text>
          <TextInput
            label={T.email}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            data-autofocus
          />
          {link.isError && (
            <Alert color="red" role="alert">
              {errorMessage(link.error, T.sendFailed)}
            </Alert>
          )}
          <Button type="submit" loading={link.isPending} disabled={!email.trim()}>
            {T.sendLink}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function Portal() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t === params.get('tab')) ?? 'quotes';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (next: { tab?: AccountListKind; page?: number }) => {
    const to = new URLSearchParams();
    const t = next.tab ?? tab;
    if (t !== 'quotes') to.set('tab', t);
    const p = next.page ?? 1;
    if (p > 1) to.set('page', String(p));
    setParams(to);
  };
  return (
    <Tabs value={tab} onChange={(v) => v && go({ tab: v as AccountListKind })} keepMounted={false}>
      <Tabs.List>
        {TABS.map((t) => (
          <Tabs.Tab key={t} value={t}>
            {T[t]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map((t) => (
        <Tabs.Panel key={t} value={t} pt="md">
          <AccountList kind={t} page={page} onPage={(p) => go({ page: p })} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

const EMPTY: Record<AccountListKind, string> = {
  requests: T.noRequests,
  quotes: T.noQuotes,
  orders: T.noOrders,
};

type ListProps = { page: number; onPage: (page: number) => void };

function AccountList({ kind, ...props }: ListProps & { kind: AccountListKind }) {
  if (kind === 'quotes') return <List kind="quotes" {...props} render={(row) => <QuoteRow row={row} />} />;
  if (kind === 'orders') return <List kind="orders" {...props} render={(row) => <OrderRow row={row} />} />;
  return <List kind="requests" {...props} render={(row) => <RequestRow row={row} />} />;
}

/** A list's loading, failure and empty states, its rows and its pages. */
function List<K extends AccountListKind>({
  kind,
  page,
  onPage,
  render,
}: ListProps & { kind: K; render: (row: AccountRow<K>) => ReactNode }) {
  const list = useAccountList(kind, page);
  if (list.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={T.loading} />
      </Group>
    );
  if (list.isError)
    return (
      <Alert color="red" title={T.loadFailed}>
        <Button variant="default" size="xs" mt="xs" onClick={() => list.refetch()}>
          {T.retry}
        </Button>
      </Alert>
    );
  const { data, meta } = list.data;
  if (meta.total === 0)
    return (
      <Paper withBorder radius="md" p="xl" ta="center">
        <Text c="dimmed">{EMPTY[kind]}</Text>
        {kind === 'requests' && (
          <Anchor href="/shop" mt="sm" display="inline-block">
            {T.shop}
          </Anchor>
        )}
      </Paper>
    );
  const pages = Math.max(1, Math.ceil(meta.total / meta.limit));
  return (
    <>
      <ul className={classes.rows} aria-label={T[kind]} data-testid={`account-${kind}`}>
        {data.map((row) => (
          <Paper
            component="li"
            key={row.id}
            withBorder
            radius="md"
            p="sm"
            data-testid={`account-${kind}-row`}
          >
            {render(row)}
          </Paper>
        ))}
      </ul>
      {pages > 1 && <Pager page={meta.page} pages={pages} onChange={onPage} disabled={list.isFetching} />}
    </>
  );
}

/** Who asked: worth saying only to a buyer who sees their colleagues' rows too. */
function Who({ name }: { name: string }) {
  const me = useAccountMe(true);
  if (!me.data?.sees_company) return null;
  return (
    <Text size="xs" c="dimmed">
      {T.buyer}: {name}
    </Text>
  );
}

function QuoteRow({ row }: { row: AccountRow<'quotes'> }) {
  return (
    <div className={classes.row}>
      <div>
        <Anchor
          component={Link}
          to={`/account/quotes/${row.id}`}
          fw={600}
          aria-label={T.openQuote(row.reference)}
        >
          {row.reference}
        </Anchor>
        <Text size="sm">{row.subject}</Text>
        <Who name={row.buyer.name} />
      </div>
      <div className={classes.figures}>
        <Text size="sm">
          {T.version} {row.version}
          {row.versions > 1 ? ` / ${row.versions}` : ''}
        </Text>
        <Text size="sm" fw={600}>
          {formatMoney(row.total, row.currency)}
        </Text>
        <QuoteBadge status={row.status} />
      </div>
    </div>
  );
}

/** An order's state; a cancelled one stands back. */
export function OrderBadge({ status }: { status: AccountRow<'orders'>['status'] }) {
  return (
    <Badge variant="light" tt="none" color={status === 'cancelled' ? 'gray' : 'teal'}>
      {ORDER_STATUS_TEXT[status]}
    </Badge>
  );
}

/** A quote's state in the buyer's words; the one waiting for their answer stands out. */
export function QuoteBadge({ status }: { status: string }) {
  const color = status === 'sent' ? 'violet' : status === 'accepted' ? 'teal' : 'gray';
  return (
    <Badge variant="light" tt="none" color={color}>
      {T.quoteStatus[status] ?? status}
    </Badge>
  );
}

function OrderRow({ row }: { row: AccountRow<'orders'> }) {
  return (
    <div className={classes.row}>
      <div>
        <Anchor
          component={Link}
          to={`/account/orders/${row.id}`}
          fw={600}
          aria-label={T.openOrder(row.number)}
        >
          {row.number}
        </Anchor>
        <Text size="sm" c="dimmed">
          {row.reference ? `${T.reference} ${row.reference} · ` : ''}
          {day(row.created_at)}
        </Text>
        <Who name={row.buyer.name} />
      </div>
      <div className={classes.figures}>
        <Text size="sm" fw={600}>
          {formatMoney(row.total, row.currency)}
        </Text>
        <OrderBadge status={row.status} />
      </div>
    </div>
  );
}

function RequestRow({ row }: { row: AccountRow<'requests'> }) {
  return (
    <div className={classes.row}>
      <div>
        <Text fw={600}>{row.reference}</Text>
        <Text size="sm">{row.subject}</Text>
        <Who name={row.buyer.name} />
      </div>
      <div className={classes.figures}>
        <Text size="sm" c="dimmed">
          {day(row.created_at)}
        </Text>
        <Badge variant="light" tt="none">
          {T.requestStatus[row.status]}
        </Badge>
      </div>
    </div>
  );
}
