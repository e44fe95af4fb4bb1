import { z } from 'zod';
import { errorResponse } from '../api-schemas';
import { defineEndpoint } from './endpoint';

/** For load balancers and monitors. */
export const healthEndpoints = {
  getHealth: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    tags: ['health'],
    summary: 'The process is alive',
    responses: { 200: z.object({ status: z.literal('ok'), uptimeSeconds: z.number() }) },
  }),
  getReady: defineEndpoint({
    method: 'GET',
    path: '/api/ready',
    access: 'public',
    tags: ['health'],
    summary: 'The database answers',
    responses: { 200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }), 503: errorResponse },
  }),
};
