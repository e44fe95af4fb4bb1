/**
 * Query plans of real service functions: they run on a database that logs each statement it
 * sends, then each statement is run again under EXPLAIN ANALYZE with the same parameters.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';

type Sent = { sql: string; params: unknown[] };

export type PlanOptions = {
  /**
   * Also plan each statement as a prepared statement runs once PostgreSQL has switched it to
   * its generic plan (the parameters unknown when planning), which is what a statement
   * prepared once and run many times ends up with unless custom plans are cheaper.
   */
  genericPlan?: boolean;
};

export function explainingDatabase(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let sent: Sent[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => void sent.push({ sql: query, params }) } }) as unknown as Database;

  async function explain(statement: Sent, generic: boolean): Promise<string[]> {
    const client = await pool.connect();
    try {
      if (generic) await client.query('set plan_cache_mode = force_generic_plan');
      // Only a prepared statement gets a generic plan, so it is explained as `explain execute`.
      if (generic) {
        await client.query(`prepare explained as ${statement.sql}`);
        const values = statement.params.map((value) => (value === null ? 'null' : client.escapeLiteral(String(value)))).join(', ');
        const result = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off, summary on) execute explained${values ? `(${values})` : ''}`);
        await client.query('deallocate explained');
        return result.rows.map((row) => row['QUERY PLAN']);
      }
      const result = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off, summary on) ${statement.sql}`, statement.params);
      return result.rows.map((row) => row['QUERY PLAN']);
    } finally {
      if (generic) await client.query('reset plan_cache_mode');
      client.release();
    }
  }

  /** Runs `work`, then answers a markdown section with the plan of every statement it sent. */
  async function plansOf(title: string, work: () => Promise<unknown>, options: PlanOptions = {}): Promise<string> {
    sent = [];
    await work();
    const statements = sent;
    const parts = [`## ${title}`, '', `${statements.length} statement(s)`, ''];
    for (const [index, statement] of statements.entries()) {
      parts.push(`### ${index + 1}. \`${statement.sql.length > 160 ? `${statement.sql.slice(0, 160)}…` : statement.sql}\``, '', `params: \`${JSON.stringify(statement.params)}\``, '');
      parts.push(...(options.genericPlan ? ['custom plan (planned with these parameters):', ''] : []), '```', ...(await explain(statement, false)), '```', '');
      if (options.genericPlan) parts.push('generic plan (as the prepared statement may run it):', '', '```', ...(await explain(statement, true)), '```', '');
    }
    return parts.join('\n');
  }

  return { db, pool, plansOf, close: () => pool.end() };
}
