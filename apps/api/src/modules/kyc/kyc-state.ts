import type { KycStatus } from '@portal/shared/kyc';
import type { KycEvent, KycReview } from '../../providers/kyc/kyc.js';

/**
 * The portal's KYC state machine over the provider's reviews. The provider is the source of
 * truth, so the newest authentic observation wins, whatever the current state: an approval later
 * followed by a rejection is honoured, and so is a reset after a final rejection. What keeps the
 * state right is ordering (older events are stale) and deduplication, not forbidden edges.
 */

/** The status a provider review stands for; undefined when it says nothing about the outcome. */
export function statusFromReview(review: KycReview): KycStatus | undefined {
  switch (review.reviewStatus) {
    case 'init':
      return 'not_started';
    case 'pending':
    case 'queued':
    case 'onHold':
    case 'prechecked':
    case 'awaitingService':
    case 'awaitingUser':
      return 'pending';
    case 'completed':
      if (review.reviewAnswer === 'GREEN') return 'verified';
      if (review.reviewAnswer === 'RED') return review.rejectType === 'FINAL' ? 'rejected_final' : 'rejected';
      return undefined;
    default:
      return undefined;
  }
}

/** The status a webhook event moves to; undefined for events that do not change it. */
export function statusFromEvent(event: KycEvent): KycStatus | undefined {
  switch (event.type) {
    case 'applicantReviewed':
      return event.review?.reviewStatus === 'completed' ? statusFromReview(event.review) : undefined;
    case 'applicantPending':
    case 'applicantOnHold':
      return 'pending';
    case 'applicantReset':
      return 'not_started';
    default:
      return undefined;
  }
}

export type Outcome = 'applied' | 'stale' | 'ignored';

/** Events created before the last applied one are stale; equal times are applied in arrival order. */
export function outcomeOf(next: KycStatus | undefined, eventAt: Date, lastEventAt: Date | null): Outcome {
  if (next === undefined) return 'ignored';
  if (lastEventAt && eventAt.getTime() < lastEventAt.getTime()) return 'stale';
  return 'applied';
}
