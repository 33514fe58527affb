import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { RegisterRequestSchema } from '@portal/shared/auth';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { DomainError } from './errors.js';

/**
 * npm run admin:create -- --email admin@example.com --name "Ada Admin"
 * npm run admin:create -- --role issuer --email issuer@example.com --name "Ines Issuer" --organisation "Acme Ltd"
 * An issuer created here is approved at once: whoever runs this command vouches for it (ADR 55).
 * The password is read from standard input (typed at a prompt, or piped), never from argv, so
 * it does not land in shell history or the process list.
 */
async function readPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) {
    process.stdout.write('Password: ');
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  }
  const line = await new Promise<string>((resolve) =>
    rl.once('line', resolve).once('close', () => resolve('')),
  );
  rl.close();
  if (process.stdin.isTTY) process.stdout.write('\n');
  return line;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      organisation: { type: 'string' },
    },
  });
  const password = await readPassword();
  const { organisation, ...account } = values;
  const parsed = RegisterRequestSchema.safeParse({ ...account, organisationName: organisation, password });
  if (!parsed.success || parsed.data.role === 'investor') {
    for (const issue of parsed.error?.issues ?? [])
      console.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
    console.error(
      'Usage: npm run admin:create -- [--role admin|issuer] --email <email> --name <name> [--organisation <name>]   (password on stdin)',
    );
    return 2;
  }
  const config = { ...loadConfig(), logLevel: 'warn' };
  const app = await buildApp(config);
  try {
    const { name, email, role, organisationName } = parsed.data;
    const user = await app.container.auth.createAccount({ name, email, password, role });
    if (role === 'issuer') {
      await app.container.onboarding.open(user.id, organisationName);
      await app.container.onboarding.preApprove(user.id);
    }
    console.log(
      `${role === 'admin' ? 'Admin' : 'Approved issuer'} account created: ${user.email} (${user.id})`,
    );
    return 0;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DomainError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
