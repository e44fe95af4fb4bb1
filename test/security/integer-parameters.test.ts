import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { as } from '../helpers/commerce';
import { signedInAdmin } from '../helpers/auth';
import { useTestApp } from '../helpers/app';
import type { Endpoint } from '../../src/shared/endpoints/endpoint';
import { endpoints } from '../../src/shared/endpoints/endpoint-table';
import { createCourse } from '../../src/server/db/factories';

type IntegerParameter = { name: string; endpoint: Endpoint; location: 'params' | 'query'; field: string };

/** The fields of a params or query schema; none when it is not an object. */
const fieldsOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> =>
  schema && 'shape' in schema ? (schema.shape as Record<string, z.ZodType>) : {};

/**
 * Every whole-number parameter of the endpoint table: a path or query field whose schema reads
 * the text `1` as the number 1. Found from the schemas, so a new one is checked without a word here.
 */
const integerParameters: IntegerParameter[] = Object.entries(endpoints).flatMap(([name, endpoint]: [string, Endpoint]) =>
  (['params', 'query'] as const).flatMap((location) =>
    Object.entries(fieldsOf(endpoint[location]))
      .filter(([, schema]) => {
        const parsed = schema.safeParse('1');
        return parsed.success && parsed.data === 1;
      })
      .map(([field]) => ({ name, endpoint, location, field })),
  ),
);

/**
 * What `Number` (and so `z.coerce.number()`) reads as a number, but no URL should spell one with;
 * other digits and separators; and digits past every bound (a row id's is 2^31 − 1).
 */
const refused = ['0x3', '0X3', '1e0', '3e0', '+3', '-1', ' 3', '3 ', '3.0', '3.', '03', '0b1', '0o7', '1_000', '3,0', 'Infinity', '٣', '３', '2147483648', '99999999999999999999'];

/** A request with `field` set to `value`; every other path parameter is 1. */
function requestWith({ endpoint, location, field }: IntegerParameter, value: string) {
  const path = endpoint.path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(location === 'params' && name === field ? value : '1'));
  return { method: endpoint.method, url: location === 'query' ? `${path}?${new URLSearchParams({ [field]: value })}` : path };
}

describe('whole numbers in paths and queries', () => {
  const ctx = useTestApp();

  it('finds the whole-number parameters in the endpoint table', () => {
    const found = integerParameters.map(({ name, location, field }) => `${name} ${location}.${field}`);
    expect(found).toEqual(expect.arrayContaining(['getCourse params.id', 'getCourses query.page', 'getCourses query.rating', 'getAdminOrders query.page', 'retryVideoProcessing params.position']));
  });

  it.each(integerParameters.map((parameter) => [`${parameter.endpoint.method} ${parameter.endpoint.path} ${parameter.location}.${parameter.field}`, parameter] as const))(
    '%s: only digits, without a leading zero; anything else is 400 VALIDATION_FAILED naming the field',
    async (_label, parameter) => {
      // An admin passes every access check, so what answers is the validation.
      const admin = await signedInAdmin(ctx.app);
      for (const value of refused) {
        const response = await ctx.app.inject({ ...requestWith(parameter, value), headers: as(admin) });
        expect(response.statusCode, `${parameter.field}=${JSON.stringify(value)}`).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(response.json().error.fields), `${parameter.field}=${JSON.stringify(value)}`).toContain(parameter.field);
      }
      // Plain digits pass the field's validation.
      const plain = await ctx.app.inject({ ...requestWith(parameter, '1'), headers: as(admin) });
      expect(plain.statusCode === 400 ? Object.keys(plain.json().error.fields ?? {}) : []).not.toContain(parameter.field);
    },
  );

  it('still answers /api/courses/<id> and page=2', async () => {
    const course = await createCourse(ctx.db);
    expect((await ctx.app.inject({ url: `/api/courses/${course.id}` })).json().id).toBe(course.id);
    const second = await ctx.app.inject({ url: '/api/courses?page=2' });
    expect(second.statusCode).toBe(200);
    expect(second.json().page).toBe(2);
    expect((await ctx.app.inject({ url: `/api/courses/0x${course.id.toString(16)}` })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/courses?page=0x10' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/courses?page=1e1' })).statusCode).toBe(400);
  });
});
