import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The app's floors, lowest first, with what each may not import (by `~/` path or relative path).
 * `types` lets a component name a route's action type for `useFetcher<typeof action>` without
 * importing the route.
 */
const FLOORS = [
  { folder: "app/lib", forbidden: ["config.server", "models", "backends", "services", "components", "routes", "root"] },
  { folder: "app/models", forbidden: ["config.server", "lib", "backends", "services", "components", "routes", "root"] },
  { folder: "app/backends", forbidden: ["services", "components", "routes", "root"] },
  { folder: "app/services", forbidden: ["components", "routes", "root"] },
  { folder: "app/components", forbidden: ["backends", "services", "root"], typesOnly: ["routes"] },
  { folder: "server", forbidden: ["backends", "services", "components", "routes", "models"] },
];

function layerRules() {
  const patterns = (names, message) =>
    names.map((name) => ({
      group: [`~/${name}`, `~/${name}/**`, `**/${name}`, `**/${name}/**`, `**/app/${name}`, `**/app/${name}/**`],
      message,
    }));
  return FLOORS.map(({ folder, forbidden, typesOnly = [] }) => ({
    files: [`${folder}/**/*.{ts,tsx}`],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            ...patterns(forbidden, `${folder}/ sits below this: see docs/architecture.md#floors`),
            ...patterns(typesOnly, `${folder}/ may only import types from here: see docs/architecture.md#floors`).map(
              (pattern) => ({ ...pattern, allowTypeImports: true }),
            ),
          ],
        },
      ],
    },
  }));
}

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      ".react-router/**",
      "node_modules/**",
      ".cache/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y, "simple-import-sort": simpleImportSort },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // One import order everywhere: packages, then `~/` paths, then the file's neighbours.
      "simple-import-sort/imports": "error",
      "simple-import-sort/exports": "error",
    },
  },
  {
    // Inside app/, another folder's module is named by its `~/` path, a neighbour by `./`.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/models/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["../*"], message: "Use the ~/ path." }] }] },
  },
  {
    // Except in models/, which names its own modules by relative path: the route config loads
    // app/models/site/pages.ts before Vite's `~` alias exists (docs/architecture.md#floors).
    files: ["app/models/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["~/*"], message: "Use a relative path." }] }] },
  },
  // The floors of app/ and who may import whom (docs/architecture.md#floors): each floor imports
  // only from the floors below it, so nothing low knows about anything above it.
  ...layerRules(),
  {
    // Playwright fixtures call a parameter named `use`, which is not React's hook.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
