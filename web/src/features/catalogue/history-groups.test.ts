import { describe, expect, it } from 'vitest';
import { groupByDay } from './history-groups.ts';

const at = (y: number, m: number, d: number, h = 12) => Math.floor(new Date(y, m - 1, d, h).getTime() / 1000);

describe('browsing history grouped by day', () => {
  const now = new Date(2026, 10, 23, 9, 30);

  it('groups consecutive items of one local day and says how long ago it was', () => {
    const items = [
      { id: 1, viewedAt: at(2026, 11, 23, 8) },
      { id: 2, viewedAt: at(2026, 11, 23, 0) },
      { id: 3, viewedAt: at(2026, 11, 22, 23) },
      { id: 4, viewedAt: at(2026, 11, 2) },
    ];
    const groups = groupByDay(items, now);
    expect(groups.map((g) => [g.day, g.daysAgo, g.items.map((i) => i.id)])).toEqual([
      ['2026-11-23', 0, [1, 2]],
      ['2026-11-22', 1, [3]],
      ['2026-11-02', 21, [4]],
    ]);
  });

  it('crosses month and year ends by calendar day, not by 24-hour spans', () => {
    const groups = groupByDay([{ viewedAt: at(2026, 1, 1, 0) }, { viewedAt: at(2025, 12, 31, 23) }], new Date(2026, 0, 1, 0, 5));
    expect(groups.map((g) => [g.day, g.daysAgo])).toEqual([
      ['2026-01-01', 0],
      ['2025-12-31', 1],
    ]);
  });

  it('gives nothing for nothing', () => {
    expect(groupByDay([], now)).toEqual([]);
  });
});
