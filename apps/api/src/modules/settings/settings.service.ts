import type { ProfileRow } from '../users/users.repo.js';
import type { User } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import { WALLET_PROFILE_FIELD_NAMES } from '@portal/shared/vault';
import {
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  type AccountSettings,
  type AvatarUpload,
  type PersonalDetails,
  type Preferences,
  type PrivacySettings,
} from '@portal/shared/settings';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import { readUpload } from '../../uploads.js';
import type { UsersRepo } from '../users/users.repo.js';
import type { AccountSettingsRow, SettingsRepo } from './settings.repo.js';

export interface SettingsDeps {
  db: Db;
  repo: SettingsRepo;
  users: UsersRepo;
  /** Whether the user has two-factor sign-in on (owned by the auth module). */
  twoFactorEnabled: (userId: string) => Promise<boolean>;
  clock: Clock;
  /** The other features' parts of "Download my data" (their modules declare them). */
  exportSources: () => readonly (readonly [string, ExportSource])[];
}

/** The notification channels a user has switched on (docs/product.md §9: all on by default). */
export interface NotificationChannels {
  email: boolean;
  sms: boolean;
  wallet: boolean;
}

/** Registration asks for one full name; the first word is the first name until the user says otherwise. */
function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * The profile repeats each wallet under the per-chain fields older clients read (docs/product.md
 * §3.2); the export lists each wallet once, in `wallets`.
 */
function withoutWalletAliases(part: unknown): unknown {
  if (!part || typeof part !== 'object' || Array.isArray(part)) return part;
  const aliases = new Set<string>(WALLET_PROFILE_FIELD_NAMES);
  return Object.fromEntries(Object.entries(part).filter(([key]) => !aliases.has(key)));
}

/** A part of 'Download my data', owned by the feature that holds it. */
export type ExportSource = (userId: string) => Promise<unknown>;

export class SettingsService {
  constructor(private readonly deps: SettingsDeps) {}

  /** 'Download my data': everything the portal holds about the user, as one JSON document. */
  async exportData(userId: string): Promise<Record<string, unknown>> {
    const sources = this.deps.exportSources();
    const names = sources.map(([name]) => name);
    const parts = await Promise.all(sources.map(([, source]) => source(userId)));
    const avatar = await this.deps.repo.findAvatar(userId);
    return {
      exportedAt: this.deps.clock.now().toISOString(),
      settings: await this.get(userId),
      profilePicture: avatar
        ? { contentType: avatar.contentType, base64: Buffer.from(avatar.bytes).toString('base64') }
        : null,
      ...Object.fromEntries(names.map((name, index) => [name, withoutWalletAliases(parts[index])])),
    };
  }

  async get(userId: string): Promise<AccountSettings> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new DomainError('NOT_FOUND', messages.notFound);
    const [row, avatarAt, twoFactorEnabled] = await Promise.all([
      this.deps.repo.find(userId),
      this.deps.repo.avatarVersion(userId),
      this.deps.twoFactorEnabled(userId),
    ]);
    const names = row?.firstName
      ? { firstName: row.firstName, lastName: row.lastName ?? '' }
      : splitName(user.name);
    return {
      personal: {
        ...names,
        email: user.email,
        phone: row?.phone ?? '',
        company: row?.company ?? '',
        avatarUrl: avatarAt ? avatarUrl(avatarAt) : null,
      },
      preferences: preferencesOf(row),
      security: { loginAlerts: row?.loginAlerts ?? true, twoFactorEnabled },
      privacy: { showNameToIssuers: row?.showNameToIssuers ?? false },
    };
  }

  /** Saves the details and the account name with them, so the top bar and mails use it at once. */
  async savePersonal(userId: string, input: PersonalDetails): Promise<AccountSettings> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repo.with(tx).upsert(userId, input, now);
      await this.deps.users.with(tx).updateName(userId, `${input.firstName} ${input.lastName}`, now);
    });
    return this.get(userId);
  }

  async savePreferences(userId: string, patch: Partial<Preferences>): Promise<AccountSettings> {
    await this.deps.repo.upsert(userId, patch, this.deps.clock.now());
    return this.get(userId);
  }

  async setLoginAlerts(userId: string, loginAlerts: boolean): Promise<AccountSettings> {
    await this.deps.repo.upsert(userId, { loginAlerts }, this.deps.clock.now());
    return this.get(userId);
  }

  async setPrivacy(userId: string, privacy: PrivacySettings): Promise<AccountSettings> {
    await this.deps.repo.upsert(userId, privacy, this.deps.clock.now());
    return this.get(userId);
  }

  async uploadAvatar(userId: string, upload: AvatarUpload): Promise<AccountSettings> {
    // The picture's type by its first bytes: what the browser claims is not trusted.
    const { contentType, bytes } = readUpload(upload, {
      allowed: AVATAR_CONTENT_TYPES,
      maxBytes: AVATAR_MAX_BYTES,
      tooLarge: messages.avatarTooLarge,
      unsupported: messages.avatarUnsupported,
    });
    await this.deps.repo.saveAvatar(userId, contentType, bytes, this.deps.clock.now());
    return this.get(userId);
  }

  async avatar(userId: string): Promise<{ contentType: string; bytes: Buffer }> {
    const row = await this.deps.repo.findAvatar(userId);
    if (!row) throw new DomainError('NOT_FOUND', messages.notFound);
    return { contentType: row.contentType, bytes: Buffer.from(row.bytes) };
  }

  async channels(userId: string): Promise<NotificationChannels> {
    const { notifyEmail, notifySms, notifyWallet } = preferencesOf(await this.deps.repo.find(userId));
    return { email: notifyEmail, sms: notifySms, wallet: notifyWallet };
  }

  async loginAlerts(userId: string): Promise<boolean> {
    return (await this.deps.repo.find(userId))?.loginAlerts ?? true;
  }

  /** ProfileSource: the picture and the saved theme and language, applied by the app at sign-in. */
  /** The avatar, theme and language of the profile (from the one profile query). */
  profileFields(row: ProfileRow): Partial<User> {
    return {
      ...(row.avatarAt ? { avatarUrl: avatarUrl(row.avatarAt) } : {}),
      ...(row.theme ? { theme: row.theme } : {}),
      ...(row.language ? { language: row.language } : {}),
    };
  }
}

/** The version in the URL lets the browser cache a picture until it is replaced. */
const avatarUrl = (updatedAt: Date) => `/api/settings/avatar?v=${updatedAt.getTime()}`;

function preferencesOf(row: AccountSettingsRow | undefined): Preferences {
  return {
    theme: row?.theme ?? null,
    language: row?.language ?? null,
    notifyEmail: row?.notifyEmail ?? true,
    notifySms: row?.notifySms ?? true,
    notifyWallet: row?.notifyWallet ?? true,
  };
}
