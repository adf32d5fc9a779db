/** What other modules may use of users: its service's type, which the sign-in and /api/me routes take. */
export type { UsersService } from './users.service';
