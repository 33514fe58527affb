import { z } from 'zod';
import {
  AccountSettingsResponseSchema,
  AVATAR_MAX_BYTES,
  AvatarUploadSchema,
  LoginAlertsRequestSchema,
  PersonalDetailsSchema,
  PreferencesPatchSchema,
  PrivacySettingsSchema,
} from '@portal/shared/settings';
import { messages } from '@portal/shared/messages';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { ANY_ROLE, caller } from '../../plugins/policy.js';
import { base64BodyLimit } from '../../uploads.js';
import type { SettingsService } from './settings.service.js';

const tags = ['settings'];
const security = [{ bearer: [] }];
// Base64 of the largest picture, plus room for the JSON around it.
const AVATAR_BODY_LIMIT = base64BodyLimit(AVATAR_MAX_BYTES);
const response = { 200: AccountSettingsResponseSchema, ...errorResponses };

export function settingsRoutes(app: App, settings: SettingsService): void {
  const config = { policy: ANY_ROLE };

  app.get('/api/settings', { config, schema: { tags, security, response } }, async (request) => ({
    success: true as const,
    settings: await settings.get(caller(request).userId),
  }));

  app.post(
    '/api/settings/personal',
    { config, schema: { tags, security, body: PersonalDetailsSchema, response } },
    async (request) => ({
      success: true as const,
      message: messages.profileSaved,
      settings: await settings.savePersonal(caller(request).userId, request.body),
    }),
  );

  app.post(
    '/api/settings/preferences',
    { config, schema: { tags, security, body: PreferencesPatchSchema, response } },
    async (request) => ({
      success: true as const,
      message: messages.preferencesSaved,
      settings: await settings.savePreferences(caller(request).userId, request.body),
    }),
  );

  app.post(
    '/api/settings/login-alerts',
    { config, schema: { tags, security, body: LoginAlertsRequestSchema, response } },
    async (request) => ({
      success: true as const,
      settings: await settings.setLoginAlerts(caller(request).userId, request.body.loginAlerts),
    }),
  );

  app.post(
    '/api/settings/privacy',
    { config, schema: { tags, security, body: PrivacySettingsSchema, response } },
    async (request) => ({
      success: true as const,
      settings: await settings.setPrivacy(caller(request).userId, request.body),
    }),
  );

  app.post(
    '/api/settings/avatar',
    {
      config,
      bodyLimit: AVATAR_BODY_LIMIT,
      schema: { tags, security, body: AvatarUploadSchema, response },
    },
    async (request) => ({
      success: true as const,
      message: messages.avatarUpdated,
      settings: await settings.uploadAvatar(caller(request).userId, request.body),
    }),
  );

  app.get(
    '/api/settings/avatar',
    {
      config,
      // The answer is the picture itself, so only the error answers have a schema.
      schema: { tags, security, querystring: z.strictObject({ v: z.string().max(20).optional() }) },
    },
    async (request, reply) => {
      const picture = await settings.avatar(caller(request).userId);
      return (
        reply
          .type(picture.contentType)
          // The URL changes with every upload; the picture is personal, so never in a shared cache.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('content-disposition', 'inline')
          .send(picture.bytes)
      );
    },
  );

  app.get('/api/settings/export', { config, schema: { tags, security } }, async (request, reply) => {
    const data = await settings.exportData(caller(request).userId);
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', 'attachment; filename="investor-portal-data.json"')
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });
}
