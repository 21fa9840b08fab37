import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { backUp, unpackBackup } from "~/backends/embedded/backup.server";

import { logLines, runUntilExit, startServer, tempDataDir } from "./harness";

/**
 * The shop's files are the shop's (docs/deploy.md#the-shops-files): DATA_DIR, its database, the
 * session secret and a backup's copies can be read, written or entered by no other user of the
 * machine, whatever the umask the shop was started with; and a restore unpacks only files and folders.
 */

/** Every entry under `dir`, `dir` included, that others than its owner may read, write or enter: "path mode". */
function openToOthers(dir: string): string[] {
  const entries = [dir, ...readdirSync(dir, { recursive: true, encoding: "utf8" }).map((name) => path.join(dir, name))];
  return entries.flatMap((entry) => {
    const mode = lstatSync(entry).mode & 0o777;
    return mode & 0o077 ? [`${path.relative(dir, entry) || "."} ${mode.toString(8)}`] : [];
  });
}

/** Gives group and others what a umask of 022 would have: folders 0755, files 0644 (0666 in pg_wal, as PGlite left them). */
function openUp(dir: string): void {
  chmodSync(dir, 0o755);
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const entry = path.join(dir, name);
    const stats = lstatSync(entry);
    if (stats.isDirectory()) chmodSync(entry, 0o755);
    else if (stats.isFile()) chmodSync(entry, name.startsWith("pg_wal") ? 0o666 : 0o644);
  }
}

/** The lines the server logged about DATA_DIR's permissions. */
function permissionWarnings(output: string) {
  return logLines(output).filter((line) => line.level === 40 && /open to other users/.test(line.msg));
}

let umaskBefore: number;
beforeAll(() => {
  // The usual umask, which leaves what a process makes readable by everyone unless it says otherwise.
  umaskBefore = process.umask(0o022);
});
afterAll(() => {
  process.umask(umaskBefore);
});

describe("DATA_DIR", () => {
  it("is made by the server for its owner alone, whatever the umask, and made so again with one warning once opened up", async () => {
    const parent = tempDataDir();
    const dataDir = path.join(parent.dir, "data");
    try {
      const first = await startServer({ dataDir, env: { SESSION_SECRET: "" } });
      try {
        expect(existsSync(path.join(dataDir, "session-secret")), "the cookie secret kept in DATA_DIR").toBe(true);
        expect(readdirSync(path.join(dataDir, "pg_wal")).length).toBeGreaterThan(0);
        expect(openToOthers(dataDir)).toEqual([]);
        expect(permissionWarnings(first.output())).toEqual([]);
      } finally {
        expect(await first.stop()).toBe(0);
      }
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);

      openUp(dataDir);
      expect(openToOthers(dataDir).length).toBeGreaterThan(900);
      const again = await startServer({ dataDir, env: { SESSION_SECRET: "" } });
      try {
        expect(openToOthers(dataDir)).toEqual([]);
        const warnings = permissionWarnings(again.output());
        expect(warnings).toHaveLength(1);
        expect(warnings[0]!.msg).toContain(`DATA_DIR ${dataDir} was open to other users (mode 0755)`);
      } finally {
        await again.stop();
      }
    } finally {
      parent.remove();
    }
  });

  it.runIf(process.getuid?.() === 0)(
    "that belongs to another user is refused with one line naming it and the fix; nothing is written there",
    async () => {
      const data = tempDataDir();
      try {
        const nobody = 65534;
        chownSync(data.dir, nobody, nobody);
        // Root may change anyone's folder; the shop still must not take one that is not its own.
        const { code, output } = await runUntilExit({ dataDir: data.dir, env: { SESSION_SECRET: "" } });
        expect(code).toBe(1);
        const fatal = logLines(output).filter((line) => line.level === 60);
        expect(fatal).toHaveLength(1);
        expect(fatal[0]!.msg).toContain(`DATA_DIR ${data.dir} belongs to another user (uid ${nobody})`);
        expect(fatal[0]!.msg).toContain(`chown -R`);
        expect(readdirSync(data.dir)).toEqual([]);
        expect(statSync(data.dir).uid).toBe(nobody);
      } finally {
        data.remove();
      }
    },
  );
});

describe("a backup", () => {
  it("copies DATA_DIR into a staging folder only its owner can reach, and writes an archive only its owner can read", async () => {
    const data = tempDataDir();
    const backups = tempDataDir();
    // A cluster as PGlite alone leaves it: most files 0666, whatever the umask (database.server.ts).
    const pglite = await PGlite.create(data.dir);
    try {
      // An existing BACKUP_DIR others can list, as the security review had it.
      chmodSync(backups.dir, 0o755);

      // The staging folder as it is when the last pass begins: every file copied once.
      let staging: { files: number; open: string[] } | null = null;
      const exclusive = pglite._runExclusiveQuery.bind(pglite);
      vi.spyOn(pglite, "_runExclusiveQuery").mockImplementation(<T>(task: () => Promise<T>) => {
        const folder = readdirSync(backups.dir).find((name) => name.endsWith(".files"));
        if (folder && !staging) {
          const dir = path.join(backups.dir, folder);
          staging = { files: readdirSync(dir, { recursive: true }).length, open: openToOthers(dir) };
        }
        return exclusive(task);
      });
      const { file } = await backUp(pglite, data.dir, backups.dir);

      expect(staging).not.toBeNull();
      expect(staging!.files).toBeGreaterThan(900);
      expect(staging!.open).toEqual([]);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const archived: string[] = [];
      await tar.list({
        file,
        onReadEntry: (entry) => {
          if ((entry.mode ?? 0) & 0o077) archived.push(`${entry.path} ${entry.mode?.toString(8)}`);
        },
      });
      expect(archived).toEqual([]);
    } finally {
      vi.restoreAllMocks();
      await pglite.close();
      data.remove();
      backups.remove();
    }
  });
});

interface TarEntry {
  path: string;
  type: "File" | "Directory" | "SymbolicLink" | "Link" | "CharacterDevice" | "FIFO";
  linkpath?: string;
  body?: string;
}

/** A gzipped tar of `entries` (folders 0755, the rest 0644), written header by header as anyone could write one. */
function tarOf(entries: TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const { path: entryPath, type, linkpath, body = "" } of entries) {
    const content = Buffer.from(body);
    const header = new tar.Header({
      path: entryPath,
      type,
      linkpath,
      // What a umask of 022 gives: the restore must not keep it.
      mode: type === "Directory" ? 0o755 : 0o644,
      size: content.length,
      mtime: new Date(0),
      uid: 0,
      gid: 0,
      ...(type === "CharacterDevice" && { devmaj: 1, devmin: 3 }),
    });
    header.encode();
    blocks.push(header.block!, content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  return gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)]));
}

/** What any backup has before its hostile entries: a cluster's marker and the folders they sit in. */
const CLUSTER: TarEntry[] = [
  { path: "./", type: "Directory" },
  { path: "./PG_VERSION", type: "File", body: "17\n" },
  { path: "./base/", type: "Directory" },
  { path: "./base/5/", type: "Directory" },
];

describe("a restore", () => {
  const victim = "port = 5432\n";
  const cases: { name: string; entries: TarEntry[]; refused: RegExp }[] = [
    {
      name: "a symbolic link out of the folder",
      entries: [{ path: "./base/5/16391", type: "SymbolicLink", linkpath: "OUTSIDE/victim.conf" }],
      refused: /\.\/base\/5\/16391 is a symbolic link/,
    },
    {
      name: "two symbolic links that leave the folder only together (the security review's)",
      entries: [
        { path: "./base/5/y", type: "SymbolicLink", linkpath: "../.." },
        { path: "./base/5/16391", type: "SymbolicLink", linkpath: "y/../outside/victim.conf" },
      ],
      refused: /\.\/base\/5\/y is a symbolic link/,
    },
    {
      name: "a hard link",
      entries: [{ path: "./base/5/16391", type: "Link", linkpath: "./PG_VERSION" }],
      refused: /\.\/base\/5\/16391 is a hard link/,
    },
    {
      name: "a character device",
      entries: [{ path: "./base/5/16391", type: "CharacterDevice" }],
      refused: /\.\/base\/5\/16391 is a character device/,
    },
    {
      name: "a FIFO",
      entries: [{ path: "./base/5/16391", type: "FIFO" }],
      refused: /\.\/base\/5\/16391 is a FIFO/,
    },
  ];

  it.each(cases)("refuses a backup holding $name, naming it, and writes nothing", async ({ entries, refused }) => {
    const work = tempDataDir();
    try {
      const outside = path.join(work.dir, "outside");
      mkdirSync(outside);
      writeFileSync(path.join(outside, "victim.conf"), victim);
      const file = path.join(work.dir, "hostile.tar.gz");
      const resolved = entries.map((entry) => ({
        ...entry,
        linkpath: entry.linkpath?.replace("OUTSIDE", outside),
      }));
      writeFileSync(file, tarOf([...CLUSTER, ...resolved]));
      const restored = path.join(work.dir, "restored");

      await expect(unpackBackup(file, restored)).rejects.toThrow(refused);
      await expect(unpackBackup(file, restored)).rejects.toThrow(/is not a MakerVolt backup/);
      expect(existsSync(restored)).toBe(false);
      expect(readdirSync(outside)).toEqual(["victim.conf"]);
      expect(readFileSync(path.join(outside, "victim.conf"), "utf8")).toBe(victim);
      expect(lstatSync(path.join(outside, "victim.conf")).nlink).toBe(1);
    } finally {
      work.remove();
    }
  });

  it("unpacks a backup of files and folders, each its owner's alone", async () => {
    const work = tempDataDir();
    try {
      const file = path.join(work.dir, "plain.tar.gz");
      writeFileSync(file, tarOf([...CLUSTER, { path: "./base/5/16391", type: "File", body: "a table" }]));
      const restored = path.join(work.dir, "restored");
      await unpackBackup(file, restored);
      expect(readFileSync(path.join(restored, "base/5/16391"), "utf8")).toBe("a table");
      expect(openToOthers(restored)).toEqual([]);
    } finally {
      work.remove();
    }
  });
});
