// zod compiles object schemas with `new Function` after probing whether eval is allowed, and it
// probes as each object schema is built. Our Content-Security-Policy forbids eval, and the
// refused probe is reported as a CSP violation. The interpreted path is fast enough for forms.
// zod reads its settings from this global (zod/v4/core/core.js): this module is the entry's
// first import, so the setting is there before any module builds a schema. Merged, not
// replaced: should zod ever load first, it holds this very object.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });
