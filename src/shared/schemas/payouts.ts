import { z } from 'zod';

/** Amounts are integer cents, in the orders' currency. */
const cents = z.number().int();

/** `none`: the teacher has not started "Get paid" yet. The rest follow the provider's `account.updated` events. */
export const payoutAccountStates = ['none', 'pending', 'enabled', 'restricted'] as const;

export const payoutAccountSchema = z
  .object({
    state: z.enum(payoutAccountStates),
    /** What the provider still asks the teacher for (Stripe's `requirements.currently_due`). */
    requirements: z.array(z.string()),
  })
  .meta({ id: 'PayoutAccount' });
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const onboardingLinkSchema = z.object({ url: z.url() }).meta({ id: 'OnboardingLink' });

/** Where one sold line's share is: in its hold, ready to transfer, transferred, or given back to the buyer. */
export const saleShareStates = ['held', 'available', 'transferred', 'refunded'] as const;

export const earningSaleSchema = z.object({
  orderId: z.uuid(),
  courseId: z.number().int(),
  title: z.string(),
  soldAt: z.iso.datetime(),
  /** What the buyer paid for the line: its list price less the coupon's discount. */
  priceCents: cents,
  listPriceCents: cents,
  discountCents: cents,
  /** The coupon that discounted this line; null when the line was not discounted. */
  couponCode: z.string().nullable(),
  /** The teacher brought the buyer (their referral link or their own coupon): the line's fee is the referral one. */
  referred: z.boolean(),
  /** The platform's fee rate when it was sold, in basis points (2000 = 20 %). */
  feeBasisPoints: z.number().int(),
  feeCents: cents,
  shareCents: cents,
  state: z.enum(saleShareStates),
  /** When the hold ends (or ended). */
  availableAt: z.iso.datetime(),
});

export const payoutTransferStatuses = ['pending', 'sent', 'failed'] as const;

export const payoutTransferSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  amountCents: cents,
  /** Taken back after a refund of lines already transferred. */
  reversedCents: cents,
  currency: z.string(),
  status: z.enum(payoutTransferStatuses),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});

export const teacherEarningsSchema = z
  .object({
    account: payoutAccountSchema,
    currency: z.string(),
    holdDays: z.number().int(),
    balances: z.object({
      /** Shares still in their hold. */
      pendingCents: cents,
      /** Past the hold, waiting for the next transfer (or for an enabled account). */
      availableCents: cents,
      /** Transferred to the teacher's account, less reversals. */
      paidCents: cents,
    }),
    /** When the next held share becomes transferable; null when nothing is held. */
    nextTransferAt: z.iso.datetime().nullable(),
    /** The newest sales first (at most 500; the CSV export has them all). */
    sales: z.array(earningSaleSchema),
    transfers: z.array(payoutTransferSchema),
  })
  .meta({ id: 'TeacherEarnings' });
export type TeacherEarnings = z.infer<typeof teacherEarningsSchema>;

export const adminTeacherBalanceSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  accountState: z.enum(payoutAccountStates),
  pendingCents: cents,
  availableCents: cents,
  paidCents: cents,
});

export const adminFailedTransferSchema = payoutTransferSchema.extend({
  teacher: z.object({ id: z.string(), name: z.string() }),
  attempts: z.number().int(),
});

/** One difference the daily reconciliation found between the ledger and the provider's transfers. */
export const reconciliationDifferenceSchema = z.object({
  /** `missing-at-provider`: the ledger says sent, the provider has no such transfer; `unknown-at-provider`: the provider has a transfer the ledger does not; `amount-differs`: both have it, with other amounts. */
  kind: z.enum(['missing-at-provider', 'unknown-at-provider', 'amount-differs']),
  transferId: z.string().nullable(),
  providerTransferId: z.string().nullable(),
  ledgerCents: cents.nullable(),
  providerCents: cents.nullable(),
});

export const adminPayoutsSchema = z
  .object({
    currency: z.string(),
    totals: z.object({
      /** Everything buyers paid for sold lines. */
      grossCents: cents,
      /** The platform's fees, less the fees of refunded lines. */
      feesCents: cents,
      /** Given back to buyers. */
      refundsCents: cents,
      /** Transferred to teachers, less reversals. */
      transferredCents: cents,
      pendingCents: cents,
      availableCents: cents,
    }),
    teachers: z.array(adminTeacherBalanceSchema),
    failedTransfers: z.array(adminFailedTransferSchema),
    reconciliation: z
      .object({
        checkedAt: z.iso.datetime(),
        differences: z.array(reconciliationDifferenceSchema),
      })
      .nullable(),
  })
  .meta({ id: 'AdminPayouts' });
export type AdminPayouts = z.infer<typeof adminPayoutsSchema>;

/** The admin's refund: some lines of the order (by course), or all of them when none are named (or no body is sent: Fastify reads it as null). */
export const refundOrderBody = z
  .object({ courseIds: z.array(z.number().int().positive()).min(1).max(100).optional() })
  .nullish();
