import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../../shared/errors.ts';
import type { Row } from '../crud/define.ts';
import { crudRoutes } from '../crud/routes.ts';
import { adminRule } from '../tables.ts';
import { grantGuard } from './grants.ts';
import { parentId } from '@framecraft/contracts/validation';

const flag = z.coerce.number().int().min(0).max(1);
const schema = z.object({
  pid: parentId().optional().default(0),
  type: z.enum(['menu_dir', 'menu', 'button']),
  title: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_\-./]+$/, 'validation.invalidValue'),
  path: z.string().trim().max(100).optional().default(''),
  icon: z.string().trim().max(50).optional().default(''),
  menu_type: z.enum(['tab', 'link', 'iframe']).optional().default('tab'),
  url: z.string().trim().max(255).optional().default(''),
  component: z.string().trim().max(100).optional().default(''),
  keepalive: flag.optional().default(0),
  remark: z.string().trim().max(255).optional().default(''),
  weigh: z.coerce.number().int().min(-1_000_000).max(1_000_000).optional(),
  status: flag.optional().default(1),
});

/** auth/rule: the menu and permission-node tree. */
export function ruleCrud(app: FastifyInstance) {
  return crudRoutes(app, {
    controller: 'auth/rule',
    table: adminRule,
    tree: true,
    weigh: 'weigh',
    quickSearch: ['title', 'name'],
    filterable: ['id', 'pid', 'type', 'title', 'name', 'menu_type', 'status', 'keepalive'],
    sortable: ['id', 'weigh', 'title', 'create_time'],
    defaultOrder: 'weigh,desc',
    schemas: { add: schema, edit: schema },
    // Renaming, re-parenting, enabling, adding or restoring a rule never hands a group a node (issue 15).
    guard: grantGuard('none'),
    hooks: {
      async beforeSave(data, ctx, existing) {
        const input = data as z.output<typeof schema>;
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
  });
}
