import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/shared/paths.ts';

// Decision 033: another module is reached only through its index.ts; the lint rule refuses the rest.
describe('module boundaries lint', () => {
  const eslint = new ESLint({ cwd: repoRoot });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) });
    return result!.messages.filter((m) => m.ruleId === 'framecraft/module-boundaries').map((m) => m.message);
  };

  it('refuses a deep import into another module, from a module and from the app', async () => {
    expect(await lint('server/src/modules/member/fixture.ts', "export { currentUser } from '../session/guards.ts';\n")).toEqual([
      'Unexpected path "../session/guards.ts": import the session module through its public API, modules/session/index.ts (export what you need there).',
    ]);
    expect(await lint('server/src/fixture.ts', "export { memberRoutes } from './modules/member/routes.ts';\n")).toHaveLength(1);
    expect(await lint('server/src/modules/commerce/fixture.ts', "export { userMoneyLog } from '../ledger/tables.ts';\n")).toHaveLength(1);
  });

  it('lets a module use its own files and another module through index.ts', async () => {
    expect(await lint('server/src/modules/member/fixture.ts', "export { currentUser } from '../session/index.ts';\nexport { memberRules } from './access.ts';\n")).toEqual([]);
  });

  it('lets the schema and tests reach tables, and tests the test kits', async () => {
    expect(await lint('server/src/db/fixture-schema.test.ts', "export { userMoneyLog } from '../modules/ledger/tables.ts';\n")).toEqual([]);
    expect(await lint('server/src/modules/member/fixture.test.ts', "export { captchaKit } from '../captcha/test-kit.ts';\n")).toEqual([]);
    expect(await lint('server/src/modules/member/fixture.test.ts', "export { captchaFields } from '../captcha/schema.ts';\n")).toHaveLength(1);
  });
});
