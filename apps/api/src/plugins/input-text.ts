import type { FastifyInstance } from 'fastify';
import { messages } from '@portal/shared/messages';
import { CONTROL_CHARACTER, controlCharacterAt } from '@portal/shared/text';
import { DomainError } from '../errors.js';

const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');

/**
 * The shared text rule (no control characters) applied to every string of every request's
 * params, query and JSON body, before any route schema or service sees it: a NUL byte anywhere is
 * a 400 naming the field, never a database error. Webhooks are exempt: they are checked against
 * their sender's signature over the exact bytes, and parse their own payloads.
 */
export function registerInputText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.policy === 'webhook') return;
    for (const part of [request.params, request.query, request.body]) {
      const at = controlCharacterAt(part);
      if (!at) continue;
      // A key that itself holds the control character is named escaped (`key\u0000`): field names
      // in answers are text too (bounds.ts).
      const field = at[0]?.replace(
        CONTROL_CHARACTERS,
        (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      throw new DomainError('VALIDATION_ERROR', messages.controlCharacters, {
        ...(field ? { fields: { [field]: messages.controlCharacters } } : {}),
      });
    }
  });
}
