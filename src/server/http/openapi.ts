import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { ANSWER_HEADERS_META_KEY, CONTENT_TYPES_META_KEY, errorResponse } from '../../shared/api-schemas';
import { optionalSession, type Access, type Endpoint } from '../../shared/endpoints/endpoint';
import { endpoints } from '../../shared/endpoints/endpoint-table';

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

/**
 * Each operation's `operationId` is its entry's name in the endpoint table (`getCart`): stable,
 * unique (the table's keys), and the name the web app calls it by. Found by method and path.
 */
const operationIds = new Map(Object.entries(endpoints).map(([name, endpoint]) => [`${endpoint.method} ${endpoint.path}`, name]));

export const operationIdOf = (method: string, path: string): string | undefined => operationIds.get(`${method} ${path}`);

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
    const operationId = operationIdOf(method!, route.url);
    const withShared = {
      ...schema,
      ...(operationId === undefined ? {} : { operationId }),
      // A public operation says so (`[]`: no credentials), unless its entry declares an optional session.
      ...(schema.security === undefined && access !== undefined ? { security: access === 'public' ? [] : signedInSecurity } : {}),
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

/**
 * OpenAPI 3.0 gives `nullable` a meaning only beside a `type`; zod writes a nullable union as
 * `anyOf` (or, discriminated, `oneOf`) beside `nullable: true`. When the union's branches are all of one
 * type, that type is said on the union too.
 */
function typeNullableUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) typeNullableUnions(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  type Branch = { type?: string; nullable?: boolean };
  const schema = node as { nullable?: boolean; type?: string; anyOf?: Branch[]; oneOf?: Branch[] };
  const branches = schema.anyOf ?? schema.oneOf;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(branches)) {
    const types = new Set(branches.map((branch) => branch.type));
    const [only] = types;
    if (types.size === 1 && only !== undefined) schema.type = only;
    // A validator checks `null` against the branches too: each branch admits it, and a
    // discriminated union (`oneOf`, whose branches exclude each other anyway) becomes an `anyOf`,
    // which `null` matching every branch passes.
    for (const branch of branches) branch.nullable = true;
    if (schema.oneOf) {
      schema.anyOf = schema.oneOf;
      delete schema.oneOf;
    }
  }
  for (const value of Object.values(node)) typeNullableUnions(value);
}

/** No text the server reads may hold a NUL character: PostgreSQL stores none (see `refuseNulCharacters` in http/server.ts). */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

function refuseNulInStrings(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) refuseNulInStrings(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as { type?: string; enum?: unknown[]; format?: string; pattern?: string; allOf?: unknown[] };
  if (schema.type === 'string' && schema.enum === undefined && schema.format !== 'binary') {
    if (schema.pattern === undefined) schema.pattern = NO_NUL_PATTERN;
    else if (schema.pattern !== NO_NUL_PATTERN) schema.allOf = [...(schema.allOf ?? []), { pattern: NO_NUL_PATTERN }];
  }
  for (const value of Object.values(node)) refuseNulInStrings(value);
}

/** What the requests send: the bodies, and the path and query parameters (headers carry no NUL by HTTP's own rules). */
function requestSchemas(document: OpenAPIV3.Document): unknown[] {
  const schemas: unknown[] = [];
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item ?? {}) as OpenAPIV3.OperationObject[]) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      const body = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
      for (const media of Object.values(body?.content ?? {})) schemas.push(media.schema);
      for (const parameter of (operation.parameters ?? []) as OpenAPIV3.ParameterObject[]) if (parameter.in === 'path' || parameter.in === 'query') schemas.push(parameter.schema);
    }
  }
  return schemas;
}

/** Components no operation names (zod registers an input and an output form of each; most routes use one). */
function dropUnusedComponents(document: OpenAPIV3.Document): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  for (;;) {
    const text = JSON.stringify({ ...document, components: { ...document.components, schemas: {} } }) + JSON.stringify(schemas);
    const unused = Object.keys(schemas).filter((name) => !text.includes(`"#/components/schemas/${name}"`));
    if (unused.length === 0) return;
    for (const name of unused) delete schemas[name];
  }
}

const ERROR_REFERENCE = { $ref: '#/components/schemas/Error' };

/** A request or answer schema of an entry the router does not serve, in OpenAPI 3.0's form; the error shape by its component. */
const documentedSchema = (schema: z.ZodType): OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject =>
  schema === errorResponse ? ERROR_REFERENCE : (z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as OpenAPIV3.SchemaObject);

/**
 * The authentication library's endpoints the web app calls (the table's `auth-handler` entries)
 * are served by its one catch-all route, which the document leaves out: each is described here
 * from its entry, with the refusals of the route that passes it on (auth/mount.ts). Their answers
 * are the library's, of which the entry names what the web app reads: the schemas are read as
 * inputs, so the library's other fields are allowed. Every one of them reads the session when
 * there is one.
 */
function authHandlerOperations(): Record<string, OpenAPIV3.PathItemObject> {
  const paths: Record<string, OpenAPIV3.PathItemObject> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    if (endpoint.servedBy !== 'auth-handler') continue;
    const query = endpoint.query ? (documentedSchema(endpoint.query) as OpenAPIV3.SchemaObject) : undefined;
    const responses: Partial<Record<number, z.ZodType>> = { ...sharedRefusals(endpoint.method, endpoint.path, 'public', false), ...endpoint.responses };
    const operation: OpenAPIV3.OperationObject = {
      operationId: name,
      tags: endpoint.tags,
      summary: endpoint.summary,
      ...(endpoint.description === undefined ? {} : { description: endpoint.description }),
      security: endpoint.security ?? optionalSession,
      ...(query
        ? { parameters: Object.entries(query.properties ?? {}).map(([parameter, schema]) => ({ name: parameter, in: 'query', required: query.required?.includes(parameter) ?? false, schema })) }
        : {}),
      ...(endpoint.body ? { requestBody: { required: true, content: { 'application/json': { schema: documentedSchema(endpoint.body) } } } } : {}),
      responses: Object.fromEntries(
        Object.entries(responses).flatMap(([status, schema]) => (schema === undefined ? [] : [[status, { description: Number(status) < 400 ? 'Default Response' : 'Refused', content: { 'application/json': { schema: documentedSchema(schema) } } }]])),
      ),
    };
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase() as OpenAPIV3.HttpMethods] = operation;
  }
  return paths;
}

/** The swagger plugin's document transform: `jsonSchemaTransformObject`'s components, then the whole document's fixes. */
export const transformDocument: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as OpenAPIV3.Document;
  Object.assign(document.paths, authHandlerOperations());
  // Unions first: they make their branches nullable, and an enum among them must then list null.
  typeNullableUnions(document);
  listNullInNullableEnums(document);
  refuseNulInStrings(requestSchemas(document));
  dropUnusedComponents(document);
  return document;
};
