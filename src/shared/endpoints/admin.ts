import { errorResponse } from '../api-schemas';
import { adminDashboard, auditEntry, auditQuery, pageOf } from '../schemas/admin';
import { defineEndpoint } from './endpoint';

export const refusals = { 401: errorResponse, 403: errorResponse };
export const readErrors = { ...refusals, 400: errorResponse, 404: errorResponse };
export const writeErrors = { ...readErrors, 409: errorResponse };

/** Everything under /api/admin: admins only (401 for visitors and disabled accounts, 403 for anyone else). */
export const adminEndpoints = {
  getAdminDashboard: defineEndpoint({
    method: 'GET',
    path: '/api/admin/dashboard',
    access: 'admin',
    tags: ['admin'],
    summary: 'Figures and revenue per day for the admin home',
    responses: { 200: adminDashboard, ...refusals },
  }),

  getAuditLog: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit',
    access: 'admin',
    tags: ['admin'],
    summary: 'What admins did, newest first',
    query: auditQuery,
    responses: { 200: pageOf(auditEntry), ...readErrors },
  }),
};
