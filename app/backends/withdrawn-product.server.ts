import type { WithdrawnProduct } from "~/models/product/product";

import { configuredDatabase } from "./index.server";

/** The withdrawn product with this id; null for a product on sale or an id no product has. */
export async function findWithdrawnProduct(id: number): Promise<WithdrawnProduct | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  if (configuredDatabase() === "supabase") {
    const [{ withdrawnProduct }, { getSupabaseClient }] = await Promise.all([
      import("./supabase/products.server"),
      import("./supabase/client.server"),
    ]);
    return withdrawnProduct(getSupabaseClient(), id);
  }
  const { withdrawnProduct } = await import("./sql/products.server");
  if (configuredDatabase() === "postgres") {
    const { getPostgres } = await import("./postgres/database.server");
    return withdrawnProduct(await getPostgres(), id);
  }
  const { getDatabase } = await import("./embedded/database.server");
  return withdrawnProduct(await getDatabase(), id);
}
