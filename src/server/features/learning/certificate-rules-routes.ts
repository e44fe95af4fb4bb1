import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificateRulesEndpoints } from '../../../shared/endpoints/learning';
import { route } from '../../http/route';
import { readCertificateRules, setCertificateRules } from './certificate-rules';

/** A course's certificate rules, read and set by its owner or an admin (the routes' `course-manager` access checks both, and that the course exists). */
export const certificateRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, certificateRulesEndpoints.getCertificateRules, async (request) => readCertificateRules(app.db, request.params.id));
  route(app, certificateRulesEndpoints.setCertificateRules, async (request) => setCertificateRules(app.db, request.params.id, request.body));
};
