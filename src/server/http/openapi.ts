import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANSWER_HEADERS_META_KEY, CONTENT_TYPES_META_KEY, errorResponse } from '../../shared/api-schemas';
import type { Access } from '../../shared/endpoints/endpoint';

/**
 * The OpenAPI document says what the server does, not only what each entry of the endpoint
 * table names: these add to every operation what the app's shared layers answer whatever the
 * route (the error handler, the cross-site check, the access control, the body parser) and who
 * may call it. A contract test (test/helpers/openapi-contract.ts) checks every answer of the
 * server tests against the result.
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);


type OpenApiSchema = Record<string, unknown>;

/** The refusals the app's shared layers may send on a route, whatever its entry declares. */
function sharedRefusals(method: string, url: string, access: Access | undefined, crossSiteChecked: boolean): Record<number, z.ZodType> {
  const refusals: Record<number, z.ZodType> = {
    // The router's refusal of a malformed address, the validation of the request's parts, a value the database refuses.
    400: errorResponse,
    500: errorResponse,
    // The database is away.
    503: errorResponse,
  };
  // The router's refusal of a path parameter longer than it reads (maxParamLength).
  if (url.includes(':')) refusals[414] = errorResponse;
  if (access !== undefined && access !== 'public') Object.assign(refusals, { 401: errorResponse, 403: errorResponse });
  if (STATE_CHANGING.has(method)) {
    // The body parser: a body too large, a content type the route does not read.
    Object.assign(refusals, { 413: errorResponse, 415: errorResponse });
    if (crossSiteChecked) refusals[403] = errorResponse;
  }
  return refusals;
}

/** Who may call an operation: the session cookie or, for clients that are not browsers, a bearer token. */
const signedInSecurity: Record<string, string[]>[] = [{ cookie: [] }, { bearer: [] }];

/** `z.null()` in the zod provider's OpenAPI 3.0 form: an answer without a body, not a JSON `null`. */
const isNullOnly = (schema: OpenApiSchema) => schema.type === 'null' || (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null);

const methodsOf = (method: string | string[]) => (Array.isArray(method) ? method : [method]);

/**
 * The swagger plugin's route transform: the zod schemas become JSON schemas (as
 * `jsonSchemaTransform` does), with the shared refusals, the security of the route's access,
 * and the real content types of its media answers.
 */
export function createRouteTransform({ crossSiteExemptRoutes }: { crossSiteExemptRoutes: readonly string[] }): SwaggerTransform {
  return (input) => {
    const { schema, route } = input;
    if (!schema || schema.hide) return jsonSchemaTransform(input);
    const access = (route.config as { access?: Access } | undefined)?.access;
    const [method] = methodsOf(route.method);
    const refusals = sharedRefusals(method!, route.url, access, !crossSiteExemptRoutes.includes(route.url));
    const withShared = {
      ...schema,
      ...(schema.security === undefined && access !== undefined && access !== 'public' ? { security: signedInSecurity } : {}),
      response: { ...refusals, ...(schema.response as object | undefined) },
    };
    const transformed = jsonSchemaTransform({ ...input, schema: withShared });
    const responses = (transformed.schema as { response?: Record<string, OpenApiSchema> }).response ?? {};
    for (const [status, answer] of Object.entries(responses)) {
      const { [CONTENT_TYPES_META_KEY]: contentTypes, [ANSWER_HEADERS_META_KEY]: headers, ...schemaOfBody } = answer as {
        [CONTENT_TYPES_META_KEY]?: string[];
        [ANSWER_HEADERS_META_KEY]?: Record<string, string>;
      } & OpenApiSchema;
      // The swagger plugin takes a `content` as it is, declares no body for `type: 'null'`, and
      // moves `headers` to the answer's headers.
      responses[status] = {
        ...(contentTypes
          ? { content: Object.fromEntries(contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) }
          : isNullOnly(schemaOfBody)
            ? { type: 'null' }
            : schemaOfBody),
        ...(headers ? { headers: Object.fromEntries(Object.entries(headers).map(([name, description]) => [name, { type: 'string', description }])) } : {}),
      };
    }
    return transformed;
  };
}

/**
 * OpenAPI 3.0 says a nullable enum must list `null` among its values for `null` to be valid;
 * zod's JSON schema marks it `nullable` only.
 */
function listNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) listNullInNullableEnums(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as { nullable?: boolean; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  for (const value of Object.values(node)) listNullInNullableEnums(value);
}

/** The swagger plugin's document transform: `jsonSchemaTransformObject`'s components, then the whole document's fixes. */
export const transformDocument: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input);
  listNullInNullableEnums(document);
  return document;
};
