import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthEndpoints } from '../../../shared/endpoints/health';
import { pingDatabase, type DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';
import { route } from '../../http/route';

const READY_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  route(app, healthEndpoints.getHealth, async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }));

  route(app, healthEndpoints.getReady, async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([pingDatabase(database.db), timeout]);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'The database does not answer');
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ready' as const, database: database.kind };
  });
};
