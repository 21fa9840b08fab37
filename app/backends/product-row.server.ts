import type { CategorySlug } from "~/models/catalogue/categories";
import type { Product } from "~/models/product/product";

/** Both backends read the same columns from public.products. */
export const PRODUCT_COLUMNS = [
  "id",
  "name",
  "description",
  "category",
  "price",
  "original_price",
  "in_stock",
  "stock_count",
  "rating",
  "reviews",
  "image",
  "images",
  "features",
  "specifications",
] as const satisfies readonly (keyof ProductRow)[];

/** A products row as a driver hands it over: numeric is a string from PGlite, a JSON number from PostgREST. */
export interface ProductRow {
  id: number | string;
  name: string;
  description: string;
  category: CategorySlug;
  price: number | string;
  original_price: number | string | null;
  in_stock: boolean;
  stock_count: number | null;
  rating: number | string | null;
  reviews: number | null;
  image: string;
  images: string[] | null;
  features: string[] | null;
  specifications: Record<string, unknown> | null;
}

/** The one place a row becomes a Product: every backend reads rows through it. */
export function toProduct(row: ProductRow): Product {
  const specifications: Record<string, string> = {};
  for (const [key, value] of Object.entries(row.specifications ?? {})) {
    specifications[key] = typeof value === "string" ? value : JSON.stringify(value);
  }
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    category: row.category,
    price: Number(row.price),
    originalPrice: row.original_price == null ? null : Number(row.original_price),
    inStock: row.in_stock,
    stockCount: Number(row.stock_count ?? 0),
    rating: row.rating == null ? 0 : Number(row.rating),
    reviews: row.reviews == null ? 0 : Number(row.reviews),
    image: row.image,
    images: row.images ?? [],
    features: row.features ?? [],
    specifications,
  };
}
