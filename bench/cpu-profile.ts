/**
 * Where a CPU profile's time went: self time by package and by function, with the bundled
 * server-rendering entry (dist/ssr) traced back through its source map to the library or source
 * file each function came from.
 *
 *   npx tsx bench/cpu-profile.ts <file.cpuprofile> [--top 30]
 *
 * Take the profile with `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=.tmp/profiles"` on a
 * benchmark (bench/lib/server.ts), or `node --cpu-prof dist/server/main.mjs`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const { values, positionals } = parseArgs({ options: { top: { type: 'string', default: '30' } }, allowPositionals: true });
const file = positionals[0];
if (!file) throw new Error('usage: npx tsx bench/cpu-profile.ts <file.cpuprofile> [--top 30]');
const top = Number(values.top);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const sourceMaps = new Map<string, SourceMap | null>();
function sourceMapOf(url: string): SourceMap | null {
  if (!sourceMaps.has(url)) {
    let map: SourceMap | null = null;
    try {
      const path = url.startsWith('file://') ? fileURLToPath(url) : url;
      if (path.includes('/dist/') && existsSync(`${path}.map`)) map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')));
    } catch {
      map = null;
    }
    sourceMaps.set(url, map);
  }
  return sourceMaps.get(url)!;
}

/** The file a frame's code came from: the original one when the bundle has a source map. */
function originOf({ url, lineNumber, columnNumber }: CallFrame): string {
  const map = url ? sourceMapOf(url) : null;
  if (map && lineNumber >= 0) {
    const entry = map.findEntry(lineNumber, columnNumber) as { originalSource?: string };
    if (entry.originalSource) return entry.originalSource;
  }
  return url;
}

/** `node_modules/@mantine/core/…` → @mantine/core; our code → src/…; Node's own → node:…; the rest by name. */
function packageOf(frame: CallFrame, origin: string): string {
  if (!frame.url) return `(${frame.functionName || 'native'})`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(origin);
  if (modules) return modules[1]!;
  if (origin.startsWith('node:')) return origin;
  const source = /\/(src\/[^/]+\/[^/]+)/.exec(origin);
  return source ? source[1]! : origin.replace(/^file:\/\//, '');
}

const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const total = [...selfMicros.values()].reduce((sum, micros) => sum + micros, 0);

const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id);
  if (!micros) continue;
  const origin = originOf(node.callFrame);
  const pkg = packageOf(node.callFrame, origin);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
  // An anonymous function is told apart by the file it is in.
  const where = node.callFrame.functionName ? pkg : origin.replace(/^.*node_modules\//, '').replace(/^file:\/\//, '');
  const name = `${node.callFrame.functionName || '(anonymous)'} ${where}${origin.includes('node_modules') ? '' : `:${node.callFrame.lineNumber + 1}`}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
}

const table = (title: string, entries: Map<string, number>) => {
  console.log(`\n| ${title} | self ms | % |\n|---|---|---|`);
  for (const [name, micros] of [...entries].sort((left, right) => right[1] - left[1]).slice(0, top)) {
    console.log(`| ${name} | ${(micros / 1000).toFixed(0)} | ${((100 * micros) / total).toFixed(1)} |`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
table('package', byPackage);
table('function', byFunction);
