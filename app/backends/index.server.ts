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

// The one place that decides which database the app talks to (docs/data.md#databases-and-backends). Each backend is
// imported only when chosen, so the others never start PGlite or a pool.

export type DatabaseKind = "supabase" | "postgres" | "embedded";

export function configuredDatabase(config: Pick<Config, "supabase" | "postgres"> = getConfig()): DatabaseKind {
  if (config.supabase) return "supabase";
  return config.postgres ? "postgres" : "embedded";
}

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
  // Cached only where this process alone changes the catalogue (ADR 031): elsewhere processes would disagree.
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

export const getProductRepository: () => Promise<ProductRepository> = memoisePromise(() =>
  // A database that cannot be opened is an outage to the pages (503), whatever the cause.
  createProductRepository().catch((error: unknown) => {
    throw new BackendError("The product database could not be opened.", { kind: "unavailable", cause: error });
  }),
);

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

function mailDirectory(dataDir: string): string {
  if (!dataDir.startsWith("memory://")) return path.resolve(process.cwd(), dataDir, "mail");
  temporaryMailDir = mkdtempSync(path.join(tmpdir(), "makervolt-mail-"));
  return temporaryMailDir;
}

let temporaryMailDir: string | undefined;

/** The SQL backends' mail worker (ADR 035), started by openBackend alone: a test or an operator command sends none. */
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

/** Where the sign-in limits are kept: in the database when several processes share it, else in memory (ADR 023). */
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

/** Opens the SQL database before the server listens; hosted Supabase may be down at start (docs/data.md#outages). */
export async function openBackend(): Promise<void> {
  if (configuredDatabase() === "supabase") return;
  await sqlClient();
  // Loaded now rather than at the first sign-in, so its metrics (the password hashes) are in the first scrape.
  await getAuthBackend();
  mailWorker ??= await createMailWorker();
  mailWorker.start();
}

/** True on the embedded database, which only this process changes (ADR 028): reads and pages are kept (ADR 020). */
export function catalogueChangesOnlyHere(): boolean {
  return configuredDatabase() === "embedded";
}

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
