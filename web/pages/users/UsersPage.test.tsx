import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_ERROR, CONFIRM, TOAST, VALIDATION } from '#domain/messages';
import { BUILT_IN_ROLE_PERMISSIONS } from '#domain/permissions';
import { ROLE_SCREEN_TEXT } from '#domain/roles';
import type { User } from '#domain/users';
import { fakeApi, httpError } from '../../test/fakeApi';
import { fill } from '../../test/fill';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInAs } from '../../test/signedIn';
import { UsersPage } from './UsersPage';

const user = (id: number, name: string, role: User['role'] = 'editor'): User => ({
  id,
  name,
  email: `${name.toLowerCase().split(' ')[0]}@example.com`,
  role,
  created_at: '2025-03-04T10:00:00.000Z',
  updated_at: '2025-03-05T10:00:00.000Z',
});

const BOB = user(2, 'Bob Baker');
const CY = user(3, 'Cy Clerk');

const listOf = (data: User[], total = data.length) => ({ data, total, meta: { total, total_exact: true } });

const renderUsers = (path = '/users') =>
  renderWithProviders([{ path: '/users', element: <UsersPage /> }], path);
const row = (text: string) => screen.getByRole('cell', { name: text }).closest('tr') as HTMLElement;

// The screen reads the user's rights before its list: a loaded machine needs more than a second.
configure({ asyncUtilTimeout: 5000 });

const ROLES = (['admin', 'editor', 'sales', 'viewer'] as const).map((key) => ({
  key,
  name: BUILT_IN_ROLE_PERMISSIONS[key].name,
  permissions: [...BUILT_IN_ROLE_PERMISSIONS[key].permissions],
  built_in: true,
  users: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
}));

describe('UsersPage', () => {
  it('asks an editor for nothing and says only admins manage accounts', async () => {
    const me = signedInAs('editor', { id: 9 });
    const server = fakeApi({ 'GET /me': () => me });
    renderUsers();
    expect(await screen.findByText(API_ERROR.forbiddenAdminOnly)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(server.to('GET /users')).toHaveLength(0);
  });

  it('lists the accounts for an admin, whose own row cannot be deleted', async () => {
    const me = signedInAs('admin', { id: 1 });
    const server = fakeApi({ 'GET /me': () => me, 'GET /users': () => listOf([me, BOB, CY], 23) });
    renderUsers('/users?q=b&limit=20');
    expect(await screen.findByRole('cell', { name: 'Bob Baker' })).toBeTruthy();
    expect(within(row('Cy Clerk')).getByText('cy@example.com')).toBeTruthy();
    expect(screen.getByTestId('users-total').textContent).toContain('23');
    expect(server.to('GET /users')[0].params).toEqual({
      q: 'b',
      page: 1,
      limit: 20,
      sortBy: 'created_at',
      order: 'desc',
    });
    const ownDelete = within(row('Ada Admin')).getByRole('button', { name: 'Delete' });
    expect(ownDelete.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(ownDelete);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.hover(ownDelete);
    expect(await screen.findByText(API_ERROR.cannotDeleteSelf)).toBeTruthy();
  });

  it('shows the empty and the failed list', async () => {
    const me = signedInAs('admin');
    let fail = false;
    fakeApi({
      'GET /me': () => me,
      'GET /users': () => {
        if (fail) throw httpError(500);
        return listOf([]);
      },
    });
    const { unmount } = renderUsers();
    expect(await screen.findByText('No users found.')).toBeTruthy();
    unmount();
    fail = true;
    renderUsers();
    expect(await screen.findByText('Users could not be loaded.')).toBeTruthy();
  });

  it("opens a user's profile as the server reads it", async () => {
    const me = signedInAs('admin');
    const server = fakeApi({
      'GET /me': () => me,
      'GET /users': () => listOf([BOB]),
      'GET /users/2': () => ({ ...BOB, name: 'Bob Baker Jr' }),
    });
    renderUsers();
    await screen.findByRole('cell', { name: 'Bob Baker' });
    await userEvent.click(within(row('Bob Baker')).getByRole('button', { name: 'Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Profile' });
    expect(await within(dialog).findByText('Bob Baker Jr')).toBeTruthy();
    expect(server.to('GET /users/2')).toHaveLength(1);
  });

  it('deletes another user after the confirmation', async () => {
    const me = signedInAs('admin');
    const server = fakeApi({
      'GET /me': () => me,
      'GET /users': () => listOf([me, BOB]),
      'DELETE /users/2': () => '',
    });
    renderUsers();
    await screen.findByRole('cell', { name: 'Bob Baker' });
    await userEvent.click(within(row('Bob Baker')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user?' });
    expect(within(dialog).getByText(CONFIRM.deleteUser('Bob Baker'))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.to('DELETE /users/2')).toHaveLength(1));
    expect(await screen.findByText(TOAST.userDeleted)).toBeTruthy();
  });

  it('adds a user with what the form holds, and refuses an incomplete form', async () => {
    const me = signedInAs('admin');
    const server = fakeApi({
      'GET /me': () => me,
      'GET /users': () => listOf([me]),
      'GET /roles': () => ({ data: ROLES }),
      'POST /users': ({ body }) => ({ ...user(4, 'Dee Doe'), ...(body as object) }),
    });
    renderUsers();
    // The list waits for the user's rights first.
    await screen.findByRole('cell', { name: 'Ada Admin' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await fill(within(dialog).getByLabelText('Name', { exact: false }), '  Dee Doe ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(VALIDATION.createUserRequired)).toBeTruthy();
    expect(server.to('POST /users')).toHaveLength(0);
    await fill(within(dialog).getByLabelText('Email', { exact: false }), 'dee@example.com');
    await fill(within(dialog).getByLabelText('Password', { exact: false, selector: 'input' }), 'secret123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.to('POST /users')).toHaveLength(1));
    expect(server.to('POST /users')[0].body).toEqual({
      name: 'Dee Doe',
      email: 'dee@example.com',
      role: 'editor',
      password: 'secret123',
    });
    expect(await screen.findByText(TOAST.userCreated)).toBeTruthy();
  });
});

describe('UsersPage: roles', () => {
  it('deletes a custom role after asking, and says so once the list no longer holds it', async () => {
    const me = signedInAs('admin');
    let deleted = false;
    const floor = {
      ...ROLES[3],
      key: 'floor-staff',
      name: 'Floor staff',
      built_in: false,
      users: 0,
    };
    const server = fakeApi({
      'GET /me': () => me,
      'GET /users': () => listOf([me]),
      'GET /roles': () => ({ data: deleted ? ROLES : [...ROLES, floor] }),
      'DELETE /roles/floor-staff': () => {
        deleted = true;
        return '';
      },
    });
    renderUsers('/users?tab=roles');
    await userEvent.click(
      await screen.findByRole('button', { name: `${ROLE_SCREEN_TEXT.delete}: Floor staff` }),
    );
    const dialog = await screen.findByRole('dialog', { name: ROLE_SCREEN_TEXT.deleteTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.to('DELETE /roles/floor-staff')).toHaveLength(1));
    // The refreshed list drops the role's card, whose own mutate callbacks then never ran.
    expect(await screen.findByText(ROLE_SCREEN_TEXT.deleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Floor staff' })).toBeNull());
  });
});
