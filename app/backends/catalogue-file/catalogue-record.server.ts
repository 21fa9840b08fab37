import path from "node:path";

import { PRODUCT_COLUMNS } from "~/backends/product-row.server";
import type { CategorySlug } from "~/models/catalogue/categories";

export type CatalogueFormat = "json" | "csv";

/** A product in the catalogue file an owner edits (docs/catalogue.md#import-and-export): the products table's columns. */
export interface CatalogueRecord {
  /** null: a new product (the database gives it the next id). */
  id: number | null;
  name: string;
  description: string;
  category: CategorySlug;
  price: number;
  original_price: number | null;
  in_stock: boolean;
  stock_count: number;
  rating: number | null;
  reviews: number;
  image: string;
  images: string[];
  features: string[];
  specifications: Record<string, string>;
  /** ISO 8601 text as PostgreSQL writes it (microseconds survive); null: now, for a new product. */
  created_at: string | null;
  withdrawn: boolean;
}

/** The columns in file order (CSV header, JSON key order). */
export const CATALOGUE_COLUMNS: readonly (keyof CatalogueRecord)[] = [
  ...PRODUCT_COLUMNS,
  "created_at",
  "withdrawn",
] satisfies readonly (keyof CatalogueRecord)[];

export interface RowProblem {
  /** CSV: the spreadsheet row (the header is row 1). JSON: the product's position in the array, from 1. 0: the file. */
  row: number;
  /** The row's id when it has a valid one, to help find it. */
  id?: number;
  /** The column, e.g. "price", or "" for the whole row or file. */
  field: string;
  message: string;
}

export interface CatalogueRead {
  records: CatalogueRecord[];
  problems: RowProblem[];
}

export function formatOfFile(fileName: string): CatalogueFormat | null {
  const extension = path.extname(fileName).toLowerCase();
  return extension === ".json" ? "json" : extension === ".csv" ? "csv" : null;
}

/** One line a problem, e.g. `row 3 (id 17), price: must be a number of at least 0 with at most 2 decimals` */
export function describeProblem(problem: RowProblem): string {
  const where = problem.row === 0 ? "" : `row ${problem.row}${problem.id === undefined ? "" : ` (id ${problem.id})`}`;
  const what = [where, problem.field].filter((part) => part !== "").join(", ");
  return what === "" ? problem.message : `${what}: ${problem.message}`;
}
