import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CreatePageRenderer } from '../../shared/page-rendering';

/** Written by `npm run build` (vite build --ssr) beside the web app's dist/web. */
export const builtRendererFile = (webDistDir: string) => path.join(webDistDir, '..', 'ssr', 'entry-server.js');

/** The build's server-rendering entry, or undefined when the web app was built without it. */
export async function loadBuiltPageRenderer(webDistDir: string | undefined): Promise<CreatePageRenderer | undefined> {
  if (!webDistDir) return undefined;
  const file = builtRendererFile(webDistDir);
  if (!existsSync(file)) return undefined;
  const entry = (await import(pathToFileURL(file).href)) as { createPageRenderer: CreatePageRenderer };
  return entry.createPageRenderer;
}
