/**
 * The four products the home page features (docs/pages.md#home), by id
 * in supabase/seed.sql: one each from development boards, displays, robotics and tools, all in
 * stock, three of them on sale so the SALE badge shows. tests/unit/seed.test.ts keeps this true.
 *
 *   19  ESP32 DevKit V1, WROOM-32, 38-Pin
 *   30  7" HDMI IPS Touch Display, 1024x600 (on sale)
 *   52  2WD Smart Robot Car Chassis Kit (on sale)
 *   64  Digital Soldering Station, 90 W (on sale)
 */
export const FEATURED_PRODUCT_IDS = [19, 30, 52, 64] as const;
