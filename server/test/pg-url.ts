/** The same server as `url`, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The maintenance database, for CREATE / DROP DATABASE. */
export const adminUrl = (url: string) => withDatabase(url, 'postgres');
