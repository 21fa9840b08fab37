/** The home page's four products, by the seed's ids (docs/data.md#seed; tests/unit/seed.test.ts). */
export const FEATURED_PRODUCT_IDS = [19, 30, 52, 64] as const;
