import {
  AdminLimitQuerySchema,
  AdminRoleRequestSchema,
  AdminUserParamsSchema,
  AdminUserResponseSchema,
} from '@portal/shared/admin';
import {
  IssuerApplicationResponseSchema,
  IssuerApplicationsResponseSchema,
  IssuerApplicationUpdateSchema,
  IssuerDecisionResponseSchema,
} from '@portal/shared/issuer';
import { KybRejectRequestSchema } from '@portal/shared/kyb';
import { messages } from '@portal/shared/messages';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { caller } from '../../plugins/policy.js';
import type { OnboardingService } from './onboarding.service.js';

const security = [{ bearer: [] }];
const issuer = { policy: ['issuer'] as const };
const admin = { policy: ['admin'] as const };
const applicationResponse = { 200: IssuerApplicationResponseSchema, ...errorResponses };
const decisionResponse = { 200: IssuerDecisionResponseSchema, ...errorResponses };

/**
 * Issuer onboarding (ADR 55): the issuer's own application (the session names the issuer), the
 * administrators' queue and decisions, and the role control of the admin console.
 */
export function onboardingRoutes(app: App, onboarding: OnboardingService): void {
  app.get(
    '/api/issuer/application',
    {
      config: issuer,
      schema: {
        tags: ['issuer'],
        security,
        summary: 'My issuer application: its status and what it still needs',
        response: applicationResponse,
      },
    },
    async (request) => ({
      success: true as const,
      application: await onboarding.view(caller(request).userId),
    }),
  );

  app.put(
    '/api/issuer/application',
    {
      config: issuer,
      schema: {
        tags: ['issuer'],
        security,
        summary: 'Names the organisation of my issuer application (a rejected one is submitted again)',
        body: IssuerApplicationUpdateSchema,
        response: applicationResponse,
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.issuerApplicationSaved,
      application: await onboarding.name(caller(request).userId, request.body.organisationName),
    }),
  );

  app.get(
    '/api/admin/issuers',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Issuer applications, pending first, with what each still needs',
        querystring: AdminLimitQuerySchema,
        response: { 200: IssuerApplicationsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      applications: await onboarding.applications(request.query.limit),
    }),
  );

  app.post(
    '/api/admin/issuers/:userId/approve',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Approves a complete issuer application and its pending business documents (audited)',
        params: AdminUserParamsSchema,
        response: decisionResponse,
      },
    },
    async (request) => ({
      success: true as const,
      application: await onboarding.approve(caller(request).userId, request.params.userId),
    }),
  );

  app.post(
    '/api/admin/issuers/:userId/reject',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Rejects a pending issuer application with a reason shown to the issuer (audited)',
        params: AdminUserParamsSchema,
        body: KybRejectRequestSchema,
        response: decisionResponse,
      },
    },
    async (request) => ({
      success: true as const,
      application: await onboarding.reject(
        caller(request).userId,
        request.params.userId,
        request.body.reason,
      ),
    }),
  );

  app.post(
    '/api/admin/users/:userId/role',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        security,
        summary: "Grants or takes back a user's role (granting issuer approves them; audited)",
        params: AdminUserParamsSchema,
        body: AdminRoleRequestSchema,
        response: { 200: AdminUserResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      user: await onboarding.setRole(caller(request).userId, request.params.userId, request.body.role),
    }),
  );
}
