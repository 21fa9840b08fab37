import { getProductRepository } from "~/backends/index.server";
import type { CatalogueFacets } from "~/models/catalogue/catalogue-facets";
import { type CatalogueQuery, pageCount } from "~/models/catalogue/catalogue-query";
import type { Product } from "~/models/product/product";

export interface CataloguePage {
  /** The query asked, or its first page when it asked for one past the end (docs/catalogue.md#paging). */
  query: CatalogueQuery;
  products: Product[];
  total: number;
  facets: CatalogueFacets;
}

/** One page of the catalogue and the counts beside its filters, read together. */
export async function readCataloguePage(query: CatalogueQuery): Promise<CataloguePage> {
  const repository = await getProductRepository();
  const { view: _view, ...listQuery } = query;
  const [{ products, total }, facets] = await Promise.all([
    repository.listProducts(listQuery),
    repository.countFacets(listQuery),
  ]);
  if (query.page <= pageCount(total)) return { query, products, total, facets };
  const firstPage = { ...query, page: 1 };
  if (total === 0) return { query: firstPage, products, total, facets };
  return { query: firstPage, ...(await repository.listProducts({ ...listQuery, page: 1 })), facets };
}
