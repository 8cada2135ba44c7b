/**
 * JSON text known to encode a `T`: built by PostgreSQL (`json_build_object(…)::text`) or by
 * `JSON.stringify`. Hot storefront answers are assembled from such pieces without parsing them
 * back into objects (decision 053); the type keeps the assembled answer true to its contract.
 */
export type Json<T> = string & { readonly __encodes?: T };

export const toJson = <T>(value: T): Json<T> => JSON.stringify(value) as Json<T>;

/** An array's JSON from its elements' JSON texts. */
export const jsonArray = <T>(items: readonly Json<T>[]): Json<T[]> => `[${items.join(',')}]` as Json<T[]>;

/**
 * An object's JSON from its members' JSON texts, in the order given. Every member of `T` must be
 * given (the compiler checks), and the keys are property names of a contract type — never input —
 * so they need no escaping.
 */
export function jsonObject<T extends object>(members: { [K in keyof T]-?: Json<T[K]> }): Json<T> {
  let text = '';
  for (const [key, value] of Object.entries(members)) text += `${text ? ',' : '{'}"${key}":${value as string}`;
  return (text ? `${text}}` : '{}') as Json<T>;
}

/** One object with the members of both (their keys must not overlap), without parsing either. */
export function mergeJsonObjects<A extends object, B extends object>(a: Json<A>, b: Json<B>): Json<A & B> {
  if (a === '{}') return b as string as Json<A & B>;
  if (b === '{}') return a as string as Json<A & B>;
  return `${a.slice(0, -1)},${b.slice(1)}` as Json<A & B>;
}
