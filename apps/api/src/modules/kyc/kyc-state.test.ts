import { describe, expect, it } from 'vitest';
import type { KycEvent } from '../../providers/kyc/kyc.js';
import { outcomeOf, statusFromEvent, statusFromReview } from './kyc-state.js';

const event = (type: string, review?: KycEvent['review']): KycEvent => ({
  type,
  applicantId: 'a1',
  externalUserId: 'u1',
  review,
  createdAt: undefined,
});

describe('KYC state machine', () => {
  it('maps provider reviews to the portal status', () => {
    expect(statusFromReview({ reviewStatus: 'init' })).toBe('not_started');
    for (const status of ['pending', 'queued', 'onHold', 'prechecked', 'awaitingService', 'awaitingUser']) {
      expect(statusFromReview({ reviewStatus: status }), status).toBe('pending');
    }
    expect(statusFromReview({ reviewStatus: 'completed', reviewAnswer: 'GREEN' })).toBe('verified');
    expect(statusFromReview({ reviewStatus: 'completed', reviewAnswer: 'RED', rejectType: 'RETRY' })).toBe(
      'rejected',
    );
    expect(statusFromReview({ reviewStatus: 'completed', reviewAnswer: 'RED' })).toBe('rejected');
    expect(statusFromReview({ reviewStatus: 'completed', reviewAnswer: 'RED', rejectType: 'FINAL' })).toBe(
      'rejected_final',
    );
    expect(statusFromReview({ reviewStatus: 'completed' })).toBeUndefined();
    expect(statusFromReview({ reviewStatus: 'somethingNew' })).toBeUndefined();
  });

  it('moves on the events that carry a decision or a stage, and ignores the rest', () => {
    expect(statusFromEvent(event('applicantCreated', { reviewStatus: 'init' }))).toBeUndefined();
    expect(statusFromEvent(event('applicantPending', { reviewStatus: 'pending' }))).toBe('pending');
    expect(statusFromEvent(event('applicantOnHold', { reviewStatus: 'onHold' }))).toBe('pending');
    expect(
      statusFromEvent(event('applicantReviewed', { reviewStatus: 'completed', reviewAnswer: 'GREEN' })),
    ).toBe('verified');
    expect(
      statusFromEvent(
        event('applicantReviewed', { reviewStatus: 'completed', reviewAnswer: 'RED', rejectType: 'FINAL' }),
      ),
    ).toBe('rejected_final');
    expect(statusFromEvent(event('applicantReviewed'))).toBeUndefined();
    expect(statusFromEvent(event('applicantReset', { reviewStatus: 'init' }))).toBe('not_started');
    expect(statusFromEvent(event('applicantTagsChanged', { reviewStatus: 'completed' }))).toBeUndefined();
  });

  it('applies events in createdAtMs order: older than the last applied is stale', () => {
    const last = new Date('2026-11-21T12:00:00.000Z');
    expect(outcomeOf('verified', new Date('2026-11-21T11:59:59.999Z'), last)).toBe('stale');
    expect(outcomeOf('verified', last, last)).toBe('applied');
    expect(outcomeOf('rejected', new Date('2026-11-21T12:00:00.001Z'), last)).toBe('applied');
    expect(outcomeOf('pending', new Date(0), null)).toBe('applied');
    expect(outcomeOf(undefined, new Date(), null)).toBe('ignored');
  });
});
