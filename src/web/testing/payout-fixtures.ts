import type { AdminPayouts, PayoutAccount, TeacherEarnings } from '../../shared/schemas/payouts';

/** API answers for the payout screens' web tests: a teacher who sold two courses, and the admin's view. */

export const orderIds = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'] as const;
export const transferIds = ['10000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000002'] as const;

/** A teacher's earnings with nothing sold yet and no payout account. */
export function makeEarnings(overrides: Partial<TeacherEarnings> = {}, account: PayoutAccount = { state: 'none', requirements: [] }): TeacherEarnings {
  return {
    account,
    currency: 'usd',
    holdDays: 14,
    balances: { pendingCents: 0, availableCents: 0, paidCents: 0 },
    nextTransferAt: null,
    sales: [],
    transfers: [],
    ...overrides,
  };
}

/** Two sales at a 20 % fee: one in its hold, one transferred then refunded in part; one sent transfer, one failed. */
export const soldEarnings = (account: PayoutAccount = { state: 'enabled', requirements: [] }): TeacherEarnings =>
  makeEarnings(
    {
      balances: { pendingCents: 1599, availableCents: 0, paidCents: 2400 },
      nextTransferAt: '2026-12-10T15:00:00.000Z',
      sales: [
        {
          orderId: orderIds[1],
          courseId: 4,
          title: 'React desde cero',
          soldAt: '2026-11-26T15:00:00.000Z',
          priceCents: 1999,
          listPriceCents: 1999,
          discountCents: 0,
          couponCode: null,
          referred: false,
          feeBasisPoints: 2000,
          feeCents: 400,
          shareCents: 1599,
          state: 'held',
          availableAt: '2026-12-10T15:00:00.000Z',
        },
        {
          orderId: orderIds[0],
          courseId: 3,
          title: 'Python para todos',
          soldAt: '2026-10-01T10:00:00.000Z',
          priceCents: 3000,
          listPriceCents: 3000,
          discountCents: 0,
          couponCode: null,
          referred: false,
          feeBasisPoints: 2000,
          feeCents: 600,
          shareCents: 2400,
          state: 'transferred',
          availableAt: '2026-10-15T10:00:00.000Z',
        },
      ],
      transfers: [
        {
          id: transferIds[0],
          orderId: orderIds[0],
          amountCents: 2400,
          reversedCents: 0,
          currency: 'usd',
          status: 'sent',
          failureReason: null,
          createdAt: '2026-10-15T10:05:00.000Z',
          sentAt: '2026-10-15T10:06:00.000Z',
        },
        {
          id: transferIds[1],
          orderId: orderIds[1],
          amountCents: 1000,
          reversedCents: 250,
          currency: 'usd',
          status: 'failed',
          failureReason: 'The destination account is not enabled for transfers',
          createdAt: '2026-11-01T09:00:00.000Z',
          sentAt: null,
        },
      ],
    },
    account,
  );

export function makeAdminPayouts(overrides: Partial<AdminPayouts> = {}): AdminPayouts {
  return {
    currency: 'usd',
    totals: { grossCents: 1_234_500, feesCents: 246_900, refundsCents: 5_000, transferredCents: 800_000, pendingCents: 150_050, availableCents: 32_550 },
    teachers: [
      { id: 'teacher-1', name: 'Laura Martínez', email: 'laura@example.com', accountState: 'enabled', pendingCents: 100_000, availableCents: 0, paidCents: 800_000 },
      { id: 'teacher-2', name: 'Diego Fernández', email: 'diego@example.com', accountState: 'restricted', pendingCents: 50_050, availableCents: 32_550, paidCents: 0 },
    ],
    failedTransfers: [
      {
        id: transferIds[1],
        orderId: orderIds[1],
        amountCents: 32_550,
        reversedCents: 0,
        currency: 'usd',
        status: 'failed',
        failureReason: 'Insufficient funds in the platform balance',
        createdAt: '2026-11-20T09:00:00.000Z',
        sentAt: null,
        teacher: { id: 'teacher-2', name: 'Diego Fernández' },
        attempts: 2,
      },
    ],
    reconciliation: { checkedAt: '2026-11-26T03:00:00.000Z', differences: [] },
    ...overrides,
  };
}
