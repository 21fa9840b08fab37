import type { CatalogueQuery } from "~/models/catalogue-query";
import type { Product } from "~/models/product";

/** What the catalogue needs from a query: filters, sort and page. View is presentation only. */
export type ProductListQuery = Omit<CatalogueQuery, "view">;

export interface ProductPage {
  products: Product[];
  /** Every product matching the filters, not just this page. */
  total: number;
}

/**
 * Product reads, implemented once for the embedded PGlite database and once for hosted
 * Supabase. Only `backends/` knows which one is in use.
 */
export interface ProductRepository {
  /** Filtered, sorted (ties broken by id) and paged in the database. */
  listProducts(query: ProductListQuery): Promise<ProductPage>;
  /** null when there is no product with this id. */
  getProduct(id: number): Promise<Product | null>;
  /** Up to 4 products of the same category, excluding the product itself. */
  relatedProducts(product: Pick<Product, "id" | "category">): Promise<Product[]>;
  /** Products by id, in the order given; unknown ids are skipped (home's featured products). */
  getProducts(ids: readonly number[]): Promise<Product[]>;
  /** Resolves when the database answers (for /healthz). */
  ping(): Promise<void>;
}

/** A failure talking to the data service; `message` is fit to show as "Error: {message}". */
export class BackendError extends Error {
  constructor(
    message: string,
    readonly details?: { code?: string; details?: string; hint?: string; status?: number },
  ) {
    super(message);
    this.name = "BackendError";
  }
}
