import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layers (README.md) are enforced by `boundaries/dependencies` in eslint.config.js.
 * These cases lint small made-up files at real paths, each importing a real module, so a
 * change to the config that stops catching a violation fails here and not only in review.
 */
const root = path.resolve(import.meta.dirname, '../..');
// One instance: loading the config (and the TypeScript parser) is the slow part.
const eslint = new ESLint({ cwd: root });

/** The boundary messages ESLint gives for `code` saved at `file` (relative to the repository). */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  // A case that does not parse would report no boundary and pass for the wrong reason.
  expect(result!.messages.filter((message) => message.fatal)).toEqual([]);
  return result!.messages.filter((message) => message.ruleId === 'boundaries/dependencies').map((message) => message.message);
}

describe('web layer boundaries (eslint.config.js)', () => {
  it("refuses a feature importing another feature's files, statically or lazily, and lets it use the entry", async () => {
    const errors = await boundaryErrors(
      'src/web/features/orders/pages/boundary-case.tsx',
      [
        "import { HomePage } from '../../catalog/pages/home-page';",
        "import { readListingQuery } from '../../catalog';",
        "export const lazyPage = () => import('../../learning/pages/course-player-page');",
        'export { HomePage, readListingQuery };',
      ].join('\n'),
    );
    expect(errors).toEqual([expect.stringMatching(/only through its entry/), expect.stringMatching(/only through its entry/)]);
  });

  it('refuses a feature importing app/ code, but lets its tests render the app', async () => {
    const code = "import { AppLayout } from '../../../app/layout/app-layout';\nexport { AppLayout };";
    expect(await boundaryErrors('src/web/features/accounts/pages/boundary-case.tsx', code)).toEqual([expect.stringMatching(/A feature imports no app\/ code/)]);
    expect(await boundaryErrors('src/web/features/accounts/pages/boundary-case.test.tsx', code)).toEqual([]);
  });

  it('refuses an entity importing a feature', async () => {
    const errors = await boundaryErrors(
      'src/web/entities/cart/boundary-case.ts',
      "import { CartPage } from '../../features/orders/pages/cart-page';\nexport { CartPage };",
    );
    expect(errors).toEqual([expect.stringMatching(/An entity imports no feature/)]);
  });

  it('refuses shared UI importing an entity, and shared lib importing the session', async () => {
    expect(
      await boundaryErrors('src/web/components/boundary-case.tsx', "import { CourseCard } from '../entities/courses/course-card';\nexport { CourseCard };"),
    ).toEqual([expect.stringMatching(/components\/, lib\/ and i18n\/ are shared/)]);
    expect(
      await boundaryErrors('src/web/lib/boundary-case.ts', "import { useSession } from '../session/get-session';\nexport { useSession };"),
    ).toEqual([expect.stringMatching(/components\/, lib\/ and i18n\/ are shared/)]);
  });

  it('refuses the session importing a feature or an entity', async () => {
    const errors = await boundaryErrors(
      'src/web/session/boundary-case.ts',
      [
        "import { signIn } from '../features/accounts/api/sign-in';",
        "import { cartKeys } from '../entities/cart/cart-keys';",
        'export { signIn, cartKeys };',
      ].join('\n'),
    );
    expect(errors).toEqual([expect.stringMatching(/session\/ imports no feature/), expect.stringMatching(/session\/ imports no feature/)]);
  });

  it('refuses any web file importing the server, even for a type', async () => {
    for (const file of ['src/web/features/orders/boundary-case.ts', 'src/web/app/boundary-case.ts', 'src/web/boundary-case.ts']) {
      const errors = await boundaryErrors(file, "import type { AppError } from '" + path.relative(path.dirname(path.join(root, file)), path.join(root, 'src/server/errors')) + "';\nexport type E = AppError;");
      expect(errors, file).toEqual([expect.stringMatching(/never src\/server/)]);
    }
  });

  it('refuses the server and the contracts importing the web app, its texts included', async () => {
    const fromServer = await boundaryErrors(
      'src/server/web/boundary-case.ts',
      [
        "import { createPageRenderer } from '../../web/entry-server';",
        "import teaching from '../../web/i18n/locales/es/teaching.json';",
        'export { createPageRenderer, teaching };',
      ].join('\n'),
    );
    expect(fromServer).toEqual([expect.stringMatching(/never import src\/web/), expect.stringMatching(/never import src\/web/)]);
    expect(await boundaryErrors('src/shared/boundary-case.ts', "import type { Catalogue } from '../web/i18n/catalogue';\nexport type C = Catalogue;")).toEqual([
      expect.stringMatching(/never import src\/web/),
    ]);
    expect(await boundaryErrors('src/shared/boundary-case.ts', "import { loadConfig } from '../server/config';\nexport { loadConfig };")).toEqual([
      expect.stringMatching(/src\/shared imports nothing of src\/server/),
    ]);
  });

  it("lets the server read src/shared's texts", async () => {
    expect(
      await boundaryErrors(
        'src/server/web/boundary-case.ts',
        "import esCommon from '../../shared/i18n/locales/es/common.json';\nimport { createServerI18n } from '../../shared/i18n/server-i18n';\nexport { esCommon, createServerI18n };",
      ),
    ).toEqual([]);
  });

  it('lets a feature use its own files, entities, the session, shared code and contracts', async () => {
    const errors = await boundaryErrors(
      'src/web/features/orders/pages/boundary-case.tsx',
      [
        "import { paths } from '../../../../shared/paths';",
        "import { PageTitle } from '../../../components/page-title';",
        "import { useCart } from '../../../entities/cart/get-cart';",
        "import { CourseThumb } from '../../../entities/courses/course-thumb';",
        "import { errorMessage } from '../../../lib/error-message';",
        "import { useSession } from '../../../session/get-session';",
        "import { CartPage } from './cart-page';",
        'export { paths, PageTitle, useCart, CourseThumb, errorMessage, useSession, CartPage };',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it("lets an entity use another entity and the session, and the app use a feature's entry", async () => {
    expect(
      await boundaryErrors(
        'src/web/entities/reviews/boundary-case.ts',
        "import { courseKeys } from '../courses/course-keys';\nimport { useSession } from '../../session/get-session';\nexport { courseKeys, useSession };",
      ),
    ).toEqual([]);
    expect(await boundaryErrors('src/web/app/boundary-case.ts', "import { VerifyEmailBanner } from '../features/accounts';\nexport { VerifyEmailBanner };")).toEqual([]);
  });

  it("refuses app/ importing a feature's files: the router reaches pages through the page table", async () => {
    expect(await boundaryErrors('src/web/app/boundary-case.ts', "import { useMe } from '../features/accounts/api/get-me';\nexport { useMe };")).toEqual([
      expect.stringMatching(/app\/ imports a feature only through its entry/),
    ]);
  });
});
