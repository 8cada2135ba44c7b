/** Upload progress in percent with 2 decimals (spec §3), never rounding up to 100 early. */
export const percentOf = (loaded: number, total: number) => (total > 0 ? Math.floor((loaded / total) * 10_000) / 100 : 0);
