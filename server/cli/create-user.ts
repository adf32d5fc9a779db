/**
 * `npm run user:create -- --name "Ada" --email ada@example.com --role admin [--password ...]`
 * An administrator issues accounts with this (README "Staff accounts"). Without --password, one is
 * generated and printed once. Uses the same database settings as the server.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createUserBody } from '#domain/users';
import { SERVER_GRANTOR } from '../auth/rights';
import { createUsersService } from '../modules/users/users.service';
import { withConfiguredDatabase } from './with-database';

const usage =
  'Usage: npm run user:create -- --name "Full Name" --email user@example.com [--role editor|admin] [--password secret]';

async function main() {
  const { values } = parseArgs({
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string', default: 'editor' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const generated = values.password ? null : randomBytes(12).toString('base64url');
  const parsed = createUserBody.safeParse({
    name: values.name,
    email: values.email,
    role: values.role,
    password: values.password ?? generated,
  });
  if (!parsed.success) {
    console.error(`${parsed.error.issues[0].message}\n${usage}`);
    return 2;
  }
  return withConfiguredDatabase(
    async (database) => {
      const user = await createUsersService(database.db).create(parsed.data, SERVER_GRANTOR);
      console.log(`Created ${user.role} ${user.name} <${user.email}> (id ${user.id}).`);
      if (generated) console.log(`Password (shown only once): ${generated}`);
      return 0;
    },
    { migrate: true },
  );
}

main().then((code) => process.exit(code));
