import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { eq } from 'drizzle-orm';
import { issuerApplications, users } from './db/schema/index.js';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'admin-cli.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-admin-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function runCli(args: string[], stdin: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', cli, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(stdin);
  });
}

describe('npm run admin:create', () => {
  it('creates an admin from --email, --name and a password on stdin, never from argv', async () => {
    const created = await runCli(
      ['--email', 'Root@Example.com', '--name', 'Ada Admin'],
      'a strong password\n',
    );
    expect(created.output).toContain('Admin account created: root@example.com');
    expect(created.code).toBe(0);

    const again = await runCli(['--email', 'root@example.com', '--name', 'Ada Admin'], 'another password\n');
    expect(again.code).toBe(1);
    expect(again.output).toContain('An account with this email already exists');

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(users);
      expect(rows.map((row) => [row.email, row.role])).toEqual([['root@example.com', 'admin']]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('creates an approved issuer with --role issuer and its organisation (ADR 55); never an investor', async () => {
    const created = await runCli(
      [
        '--role',
        'issuer',
        '--email',
        'ines@example.com',
        '--name',
        'Ines Issuer',
        '--organisation',
        'Acme Ltd',
      ],
      'a strong password\n',
    );
    expect(created.output).toContain('Approved issuer account created: ines@example.com');
    expect(created.code).toBe(0);
    const investor = await runCli(
      ['--role', 'investor', '--email', 'ivan@example.com', '--name', 'Ivan'],
      'pw12345678\n',
    );
    expect(investor.code).toBe(2);

    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db
        .select({
          role: users.role,
          status: issuerApplications.status,
          organisation: issuerApplications.organisationName,
        })
        .from(users)
        .innerJoin(issuerApplications, eq(issuerApplications.userId, users.id))
        .where(eq(users.email, 'ines@example.com'));
      expect(row).toEqual({ role: 'issuer', status: 'approved', organisation: 'Acme Ltd' });
    } finally {
      await database.close();
    }
  }, 60_000);

  it('explains its usage and validates the input with the registration rules', async () => {
    const result = await runCli(['--name', 'X'], '123\n');
    expect(result.code).toBe(2);
    expect(result.output).toContain('email: Email is required');
    expect(result.output).toContain('name: Name must be at least 2 characters');
    expect(result.output).toContain('password: Password must be at least 6 characters');
    expect(result.output).toContain('Usage: npm run admin:create');
  }, 60_000);
});
