import type { SqlQueries } from "./sql-client.server";

/** What a database holds, as the operator commands report it (a restore, a fill). */
export interface RowCounts {
  products: number;
  accounts: number;
  sessions: number;
}

export async function rowCounts(db: SqlQueries): Promise<RowCounts> {
  const { rows } = await db.query<RowCounts>(
    `select (select count(*) from public.products)::int as products,
       (select count(*) from auth.users)::int as accounts,
       (select count(*) from auth.sessions)::int as sessions`,
  );
  return rows[0]!;
}
