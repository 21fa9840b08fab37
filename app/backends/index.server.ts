import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { type Config, getConfig } from "~/config.server";
import { logger } from "~/lib/log.server";
import { memoisePromise } from "~/lib/memoise-promise.server";

import { CachedProductRepository } from "./cached-product-repository.server";
import { onCatalogueChange } from "./catalogue-changes.server";
import type { MailWorker } from "./sql/mail-worker.server";
import type { SqlClient } from "./sql/sql-client.server";
import { type AuthBackend, BackendError, type ProductRepository, type SignInLimitStore } from "./types.server";

/**
 * The one place that decides which database the app talks to (docs/data.md#databases-and-backends): hosted
 * Supabase when SUPABASE_URL and SUPABASE_ANON_KEY are both set, a PostgreSQL server when
 * DATABASE_URL is, otherwise the embedded database (PGlite). The embedded database and the
 * PostgreSQL server share the SQL backend (backends/sql, ADR 016); hosted Supabase has the
 * Supabase backend (docs/glossary.md). Each is imported only when chosen, so the others never
 * start PGlite or a pool.
 */

export type DatabaseKind = "supabase" | "postgres" | "embedded";

export function configuredDatabase(config: Pick<Config, "supabase" | "postgres"> = getConfig()): DatabaseKind {
  if (config.supabase) return "supabase";
  return config.postgres ? "postgres" : "embedded";
}

/** The SQL client of the embedded database or of the PostgreSQL server. */
async function sqlClient(): Promise<SqlClient> {
  if (configuredDatabase() === "postgres") {
    const { getPostgres } = await import("./postgres/database.server");
    return getPostgres();
  }
  const { getDatabase } = await import("./embedded/database.server");
  return getDatabase();
}

async function createProductRepository(): Promise<ProductRepository> {
  const kind = configuredDatabase();
  if (kind === "supabase") {
    const { SupabaseProductRepository } = await import("./supabase/products.server");
    const { getSupabaseClient } = await import("./supabase/client.server");
    return new SupabaseProductRepository(getSupabaseClient());
  }
  const { SqlProductRepository } = await import("./sql/products.server");
  // Only this process can change the embedded catalogue (ADR 031, ADR 028), so its reads are
  // cached until it does. A PostgreSQL server or hosted Supabase can be edited underneath us, and a
  // cache per process would then show shoppers different catalogues: there the HTTP cache in front does it.
  const onlyHere = catalogueChangesOnlyHere();
  const repository = new SqlProductRepository(await sqlClient(), { keepSearches: onlyHere });
  if (!onlyHere) return repository;
  const cached = new CachedProductRepository(repository);
  onCatalogueChange(() => {
    repository.forgetSearches();
    cached.clear();
  });
  return cached;
}

/**
 * The product repository for this process, created on first use; not remembered on failure
 * (e.g. the database could not open), so a later call retries.
 */
export const getProductRepository: () => Promise<ProductRepository> = memoisePromise(() =>
  // A database that cannot be opened is an outage to the pages (503), whatever the cause.
  createProductRepository().catch((error: unknown) => {
    throw new BackendError("The product database could not be opened.", { kind: "unavailable", cause: error });
  }),
);

/** Accounts and sessions for this process (same choice of backend as the products), created on first use. */
export const getAuthBackend: () => Promise<AuthBackend> = memoisePromise(async () => {
  if (configuredDatabase() === "supabase") {
    const { SupabaseAuthBackend } = await import("./supabase/auth.server");
    return new SupabaseAuthBackend();
  }
  const { SqlAuthBackend } = await import("./sql/auth.server");
  return new SqlAuthBackend(await sqlClient(), {
    confirmation: getConfig().mail.signUpConfirmation,
    onMail: () => mailWorker?.wake(),
  });
});

/**
 * Where mail goes without SMTP_URL: `DATA_DIR/mail`, or a new folder of the system's for a
 * database in memory (tests), each made the owner's alone.
 */
function mailDirectory(dataDir: string): string {
  if (!dataDir.startsWith("memory://")) return path.resolve(process.cwd(), dataDir, "mail");
  temporaryMailDir = mkdtempSync(path.join(tmpdir(), "makervolt-mail-"));
  return temporaryMailDir;
}

/** The folder made for a database in memory, which goes with it when the backend is closed. */
let temporaryMailDir: string | undefined;

/**
 * The mail worker of the SQL backends (ADR 035), which sends what the outbox holds; hosted Supabase
 * sends its own mail. Made and started by openBackend only, so a process that merely uses the
 * backend (a test, an operator command) sends nothing and makes no mail folder.
 */
let mailWorker: MailWorker | undefined;

async function createMailWorker(): Promise<MailWorker> {
  const { mail, dataDir, siteOrigin, port } = getConfig();
  const { MailWorker: Worker } = await import("./sql/mail-worker.server");
  const { fileTransport, smtpTransport } = await import("~/lib/mail-transport.server");
  let transport;
  if (mail.smtpUrl) {
    transport = smtpTransport(mail.smtpUrl);
    if (!siteOrigin)
      logger().warn(
        `mail: SITE_URL is not set, so links in mails point at http://localhost:${port}, never at the host a ` +
          "request names (docs/configuration.md); set SITE_URL to the shop's public address.",
      );
  } else {
    const dir = mailDirectory(dataDir);
    // Where, never what: a link in a mail signs its follower in.
    logger().info({ dir }, "mail: SMTP_URL is not set; each mail is written as an .eml file in this folder");
    transport = fileTransport(dir);
  }
  return new Worker(await sqlClient(), transport, { from: mail.from });
}

/**
 * Where the sign-in limits' token buckets are kept (ADR 023): in the database when several
 * processes can share it (a PostgreSQL server; hosted Supabase when SUPABASE_SERVICE_ROLE_KEY lets
 * the server call its functions), otherwise in this process's memory (the embedded database, which
 * only one process can open; hosted without the key, where each process then has its own
 * allowance: docs/accounts.md#rate-limits).
 */
export const getSignInLimitStore: () => Promise<SignInLimitStore> = memoisePromise(async () => {
  const kind = configuredDatabase();
  if (kind === "postgres") {
    const { SqlSignInLimitStore } = await import("./sql/sign-in-limit-store.server");
    const { getPostgres } = await import("./postgres/database.server");
    return new SqlSignInLimitStore(await getPostgres());
  }
  if (kind === "supabase") {
    const { getSupabaseServiceClient } = await import("./supabase/client.server");
    const serviceClient = getSupabaseServiceClient();
    if (serviceClient) {
      const { SupabaseSignInLimitStore } = await import("./supabase/sign-in-limit-store.server");
      return new SupabaseSignInLimitStore(serviceClient);
    }
  }
  const { MemorySignInLimitStore } = await import("./memory-sign-in-limit-store.server");
  return new MemorySignInLimitStore();
});

/**
 * Called by the server entry before it listens: opens the embedded database or prepares the
 * PostgreSQL server (migrations) at once, so an unusable DATA_DIR or an unreachable DATABASE_URL
 * stops the server with one line (a StartupError) instead of failing the first shopper. Hosted
 * Supabase is not called here: the shop starts even while the service is down, and its pages say
 * so (503) until it is back. Once started, an outage of either database reads the same (503).
 */
export async function openBackend(): Promise<void> {
  if (configuredDatabase() === "supabase") return;
  await sqlClient();
  // Loaded now rather than at the first sign-in, so its metrics (the password hashes) are in the first scrape.
  await getAuthBackend();
  mailWorker ??= await createMailWorker();
  mailWorker.start();
}

/**
 * True when only this process can change the catalogue: the embedded database, which no other
 * process can open; a catalogue import reaches it through this process (ADR 028). Its product
 * reads are cached here, and the server keeps its shared pages for their shared lifetime
 * (ADR 020), both until this process changes the catalogue (onCatalogueChange).
 */
export function catalogueChangesOnlyHere(): boolean {
  return configuredDatabase() === "embedded";
}

/** Called by the server entry once the last request has finished. */
export async function closeBackend(): Promise<void> {
  const kind = configuredDatabase();
  // The mail being sent is finished first; what waits stays in the outbox for the next start.
  await mailWorker?.stop();
  if (temporaryMailDir) rmSync(temporaryMailDir, { recursive: true, force: true });
  if (kind === "postgres") {
    const { closePostgres } = await import("./postgres/database.server");
    await closePostgres();
  } else if (kind === "embedded") {
    const { closeDatabase } = await import("./embedded/database.server");
    await closeDatabase();
  }
}
