import type { FastifyInstance } from 'fastify';
import { requireUser } from './guards.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route that needs a logged-in member, with the node it checks: the source of the member authorisation matrix. */
    memberRouteTable: MemberRouteEntry[];
  }
}

export interface MemberRouteEntry {
  method: string;
  url: string;
  /** The member rule node the route checks; `null` = any logged-in member. */
  node: string | null;
}

/** `null` for the plain member guard, the node of a node guard (member's requireMemberNode), else undefined. */
const guardNode = (guard: unknown): string | null | undefined => {
  if (guard === requireUser) return null;
  const node = (guard as { memberNode?: unknown } | null)?.memberNode;
  return typeof node === 'string' ? node : undefined;
};

/**
 * Fill `app.memberRouteTable` from the routes' guards as they are registered (decision 033): a
 * route cannot need a member without being in the table, whichever module registers it.
 */
export function recordMemberRoutes(app: FastifyInstance): void {
  const table: MemberRouteEntry[] = [];
  app.decorate('memberRouteTable', table);
  app.addHook('onRoute', (route) => {
    const nodes = [route.preHandler ?? []].flat().map(guardNode).filter((node) => node !== undefined);
    if (nodes.length === 0) return;
    const node = nodes.find((n) => n !== null) ?? null;
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, node });
  });
}
