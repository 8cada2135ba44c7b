import { formatDate } from '@framecraft/contracts/date';

export interface DayGroup<T> {
  /** `yyyy-mm-dd` in local time. */
  day: string;
  /** 0 = today, 1 = yesterday, 2+ = earlier. */
  daysAgo: number;
  items: T[];
}

/** Items (newest first, `viewedAt` in Unix seconds) grouped by local calendar day, order kept. */
export function groupByDay<T extends { viewedAt: number }>(items: T[], now: Date = new Date()): DayGroup<T>[] {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const viewed = new Date(item.viewedAt * 1000);
    const day = formatDate(viewed, 'yyyy-mm-dd');
    const last = groups[groups.length - 1];
    if (last?.day === day) {
      last.items.push(item);
      continue;
    }
    const start = new Date(viewed.getFullYear(), viewed.getMonth(), viewed.getDate()).getTime();
    groups.push({ day, daysAgo: Math.max(0, Math.round((today - start) / 86_400_000)), items: [item] });
  }
  return groups;
}
