import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { authRuleCrud } from '@framecraft/contracts/crud/auth';
import type { WriteShape } from '@framecraft/contracts/crud/define';
import { ApiError } from '../../../shared/errors.ts';
import type { Row } from '../crud/define.ts';
import { fromContract } from '../crud/contract.ts';
import { crudRoutes } from '../crud/routes.ts';
import { adminRule } from '../tables.ts';
import { grantGuard } from './grants.ts';

/** The add/edit body (derived from the contracts definition by `fromContract`). */
type Input = z.output<z.ZodObject<WriteShape<typeof authRuleCrud>>>;

/** auth/rule: the menu and permission-node tree. */
export function ruleCrud(app: FastifyInstance) {
  return crudRoutes(
    app,
    fromContract(authRuleCrud, {
      table: adminRule,
      relationTables: { parent: adminRule },
      // Renaming, re-parenting, enabling, adding or restoring a rule never hands a group a node (issue 15).
      guard: grantGuard('none'),
      hooks: {
        async beforeSave(data, ctx, existing) {
          const input = data as Input;
          const id = existing?.id as number | undefined;
          if (id && input.pid === id) throw new ApiError('admin.auth.parentIsSelf');
          const [taken] = await ctx.db
            .select({ id: adminRule.id })
            .from(adminRule)
            .where(and(eq(adminRule.name, input.name), id ? ne(adminRule.id, id) : undefined))
            .limit(1);
          if (taken) throw new ApiError('admin.auth.ruleNameTaken');
          return input as Row;
        },
        async beforeDelete(rows, ctx) {
          const ids = rows.map((r) => r.id as number);
          const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(adminRule).where(inArray(adminRule.pid, ids));
          if (n > rows.filter((r) => ids.includes(r.pid as number)).length) throw new ApiError('admin.auth.ruleHasChildren');
        },
      },
    }),
  );
}
