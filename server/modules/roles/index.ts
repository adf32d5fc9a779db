/** What other modules may use of roles: the team's lock and the grant checks a user's role passes. */
export { assertSomeoneManages, lockTeam, requireGrantable } from './roles.service';
