import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutsEndpoints } from '../../../shared/endpoints/payouts';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import type { PayoutProvider } from '../../payments/provider';
import { adminPayouts, retryTransfer } from './admin';
import { earningsCsv, teacherEarnings, teacherSales } from './earnings';

/** The teacher's earnings (always their own) and the admin's payouts, under /api. */
export const payoutsRoutes: FastifyPluginAsyncZod<{ payouts: PayoutProvider }> = async (app, { payouts }) => {
  const { db } = app;
  const { holdDays } = app.config.payouts;

  route(app, payoutsEndpoints.getEarnings, async (request) => teacherEarnings(db, signedInUser(request).id, { holdDays }));

  route(app, payoutsEndpoints.exportEarnings, async (request, reply) => {
    const sales = await teacherSales(db, signedInUser(request).id, { holdDays, now: new Date() });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="earnings.csv"')
      .header('cache-control', 'private, no-store')
      .send(earningsCsv(sales));
  });

  route(app, payoutsEndpoints.getAdminPayouts, async () => adminPayouts(db));

  route(app, payoutsEndpoints.retryPayoutTransfer, async (request) => retryTransfer(db, signedInUser(request).id, request.params.id, payouts));
};
