/**
 * Stripe's Account object (Connect, Express) in the three moments onboarding knows: just
 * opened, approved, and held back for more details. The built-in test provider sends it in its
 * `account.updated` events, and the local Stripe stand-in of the tests answers it, so both
 * speak exactly what Stripe sends and `toConnectedAccount` reads one shape.
 */

export type TestAccountStage = 'opened' | 'approved' | 'rejected';

/** What Stripe asks a new Express account (an individual in the US) for before it can receive transfers. */
const onboardingRequirements = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.email',
  'individual.first_name',
  'individual.last_name',
  'individual.ssn_last_4',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

/** What the test provider's "Reject" asks for again, as Stripe does when a verification fails. */
export const REJECTED_REQUIREMENTS = ['individual.verification.document'];

export type StripeAccountObject = {
  id: string;
  object: 'account';
  type: 'express';
  email: string | null;
  country: string;
  default_currency: string;
  created: number;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  capabilities: { transfers: 'active' | 'inactive' | 'pending' };
  requirements: {
    alternatives: never[];
    current_deadline: number | null;
    currently_due: string[];
    disabled_reason: string | null;
    errors: { code: string; reason: string; requirement: string }[];
    eventually_due: string[];
    past_due: string[];
    pending_verification: string[];
  };
  metadata: Record<string, string>;
  livemode: false;
};

export function stripeAccountObject(input: { id: string; email: string | null; metadata: Record<string, string>; created: number; stage: TestAccountStage }): StripeAccountObject {
  const { stage } = input;
  const due = stage === 'opened' ? onboardingRequirements : stage === 'rejected' ? REJECTED_REQUIREMENTS : [];
  return {
    id: input.id,
    object: 'account',
    type: 'express',
    email: input.email,
    country: 'US',
    default_currency: 'usd',
    created: input.created,
    details_submitted: stage !== 'opened',
    charges_enabled: false,
    payouts_enabled: stage === 'approved',
    capabilities: { transfers: stage === 'approved' ? 'active' : 'inactive' },
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: due,
      disabled_reason: stage === 'approved' ? null : 'requirements.past_due',
      errors:
        stage === 'rejected'
          ? REJECTED_REQUIREMENTS.map((requirement) => ({ code: 'verification_failed_other', reason: 'The document could not be verified.', requirement }))
          : [],
      eventually_due: due,
      past_due: due,
      pending_verification: [],
    },
    metadata: input.metadata,
    livemode: false,
  };
}
