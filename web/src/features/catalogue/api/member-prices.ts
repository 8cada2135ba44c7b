import type { MemberPrice, MemberPrices } from '@framecraft/contracts/catalogue';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/request/index.ts';

/**
 * A logged-in member's own price of one card (the list answer is shared and cached, decision 043).
 * Cards ask one by one; the calls of one render are sent together, at most 60 ids per request.
 */
export const memberPriceQuery = (id: number, member: number) =>
  queryOptions({
    queryKey: ['catalogue', 'member-price', member, id],
    queryFn: () => loadMemberPrice(id),
    staleTime: 60_000,
  });

type Waiting = { id: number; resolve: (price: MemberPrice | null) => void; reject: (error: unknown) => void };
let waiting: Waiting[] = [];
const MEMBER_PRICES_BATCH = 60;

function loadMemberPrice(id: number): Promise<MemberPrice | null> {
  return new Promise((resolve, reject) => {
    if (waiting.length === 0) setTimeout(sendMemberPrices, 0);
    waiting.push({ id, resolve, reject });
  });
}

function sendMemberPrices() {
  const batch = waiting;
  waiting = [];
  for (let start = 0; start < batch.length; start += MEMBER_PRICES_BATCH) {
    const part = batch.slice(start, start + MEMBER_PRICES_BATCH);
    const ids = [...new Set(part.map((entry) => entry.id))];
    request<MemberPrices>({ url: '/api/catalogue/memberPrices', params: { ids: ids.join(',') }, showErrorMessage: false, showCodeMessage: false, cancelDuplicate: false }).then(
      (answer) => {
        for (const entry of part) entry.resolve(answer.data.prices[String(entry.id)] ?? null);
      },
      (error: unknown) => {
        for (const entry of part) entry.reject(error);
      },
    );
  }
}
