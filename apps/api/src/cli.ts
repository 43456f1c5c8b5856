import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { MikroORM } from '@mikro-orm/postgresql';
import { ORG_ROLES, OrgRole, TIERS, Tier } from '@estate/shared-kernel/operator';
import { baseOrmConfig, NO_ENTITIES } from './database/orm-options';
import { exitWith, prepareRuntime } from './runtime';
import { runtimeVersion } from './runtime-version';

const USAGE = `usage:
  npm run cli -- --version
  npm run cli -- invite --email E --tier pro|enterprise [--org NAME] [--role owner|admin|member] [--json]
    (--role defaults to owner when the command creates the organization, member when it joins one)
  npm run cli -- revoke --email E [--json]`;

class UsageError extends Error {}

/** A command the people context refused (an unknown user, an organization of another tier): exit 2, as a usage error. */
class CommandRefused extends Error {}

/** The operator CLI (contract §9): invitation-only access; the token is printed once and never stored in clear. */
async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { version: { type: 'boolean', default: false }, email: { type: 'string' }, tier: { type: 'string' }, org: { type: 'string' }, role: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const [command] = positionals;
  if (values.version && positionals.length === 0) return void process.stdout.write(`${runtimeVersion()}\n`);
  if (command !== 'invite' && command !== 'revoke') throw new UsageError(USAGE);
  if (!values.email) throw new UsageError(`--email is required\n${USAGE}`);
  if (command === 'invite' && !TIERS.includes(values.tier as Tier)) throw new UsageError(`--tier must be pro or enterprise\n${USAGE}`);
  if (values.role !== undefined && (command !== 'invite' || !ORG_ROLES.includes(values.role as OrgRole))) throw new UsageError(`--role must be owner, admin or member (invite only)\n${USAGE}`);

  // Loaded only when a command runs: `--version` and a usage error answer without the contexts (issue 7).
  const { operatorEnrolment, InvitationRefused } = require('./operator-commands') as typeof import('./operator-commands');
  const runtime = await prepareRuntime({ migrate: true });
  const orm = await MikroORM.init(baseOrmConfig(runtime.config.databaseUrl, NO_ENTITIES, { poolMax: 2 }));
  try {
    const identity = operatorEnrolment(orm.em.fork());
    if (command === 'invite') {
      const invitation = await identity.invite(values.email, values.tier as Tier, values.org, values.role as OrgRole | undefined);
      process.stdout.write(
        values.json
          ? JSON.stringify(invitation) + '\n'
          : `invited ${values.email} (organization ${invitation.organization_id}, tier ${invitation.tier}, role ${invitation.role})\ntoken (shown once): ${invitation.token}\n`,
      );
    } else {
      const revoked = await identity.revoke(values.email);
      process.stdout.write(values.json ? JSON.stringify({ email: values.email, revoked_tokens: revoked }) + '\n' : `revoked ${revoked} token(s) of ${values.email}\n`);
    }
  } catch (error) {
    throw error instanceof InvitationRefused ? new CommandRefused(error.message) : error;
  } finally {
    await orm.close(true);
    await runtime.stop();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof CommandRefused || (error as { code?: string })?.code?.startsWith?.('ERR_PARSE_ARGS')) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  exitWith(error);
});
