import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startScriptNodeFlags } from '../bench/lib/server';

const MIB = 1024 * 1024;
/** V8's limit for the whole heap: the old space given, plus the young generation and the rest. */
function heapLimitMib(flags: string[]): number {
  const printed = execFileSync(process.execPath, [...flags, '-e', 'console.log(require("node:v8").getHeapStatistics().heap_size_limit)'], { encoding: 'utf8' });
  return Number(printed) / MIB;
}

describe('the server process started by npm start (and by the benchmarks)', () => {
  it('has its heap bounded to 256 MiB of old space by default, so its memory stays bounded under load', () => {
    const flags = startScriptNodeFlags({});
    expect(flags).toContain('--max-old-space-size=256');
    expect(flags).toContain('--enable-source-maps');
    const limit = heapLimitMib(flags);
    expect(limit).toBeGreaterThanOrEqual(256);
    expect(limit).toBeLessThan(400);
  });

  it('takes another bound from SERVER_HEAP_MB', () => {
    const flags = startScriptNodeFlags({ SERVER_HEAP_MB: '1024' });
    expect(flags).toContain('--max-old-space-size=1024');
    expect(heapLimitMib(flags)).toBeGreaterThanOrEqual(1024);
  });
});
