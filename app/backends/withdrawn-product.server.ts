import type { CategorySlug } from "~/models/catalogue/categories";

import { configuredDatabase } from "./index.server";

/**
 * What the page of a product no longer sold shows (410 Gone, docs/catalogue.md#withdrawing-a-product):
 * its name and a link to its category. Shoppers' reads never see a withdrawn product (each says
 * `not withdrawn`, ADR 036), so this is asked only when a product page finds nothing.
 */
export interface WithdrawnProduct {
  id: number;
  name: string;
  category: CategorySlug;
}

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
