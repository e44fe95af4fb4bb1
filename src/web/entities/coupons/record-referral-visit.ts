import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';

/**
 * Counts a visit through a teacher's referral link. Fire and forget: a wrong or stale link
 * (REFERRAL_NOT_FOUND), a refusal or a network failure changes nothing for the visitor.
 */
export function recordReferralVisit(code: string, courseId: number): void {
  call(endpoints.recordReferralVisit, { body: { code, courseId } }).catch(() => undefined);
}
