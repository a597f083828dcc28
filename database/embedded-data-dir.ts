// A new embedded data directory, copied from the template or prepared in a child, renamed into place (0002).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, copyFile, mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";

export const isDataDir = (dir: string) => existsSync(path.join(dir, "PG_VERSION"));

export async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) => {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) return copyTree(source, target);
      if (entry.isFile()) return copyFile(source, target);
      return undefined;
    }),
  );
}

function prepareInChild(dir: string): Promise<void> {
  // From the project's folder: this module also runs bundled in build/server/.
  const script = path.resolve(process.cwd(), "database/prepare-embedded.ts");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, dir], { stdio: "inherit", env: process.env });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`preparing the embedded database in ${dir} failed (exit ${code})`)),
    );
  });
}

export async function ensureEmbeddedDataDir(
  dir: string,
  options: { templateDir?: string } = {},
): Promise<"existing" | "template" | "prepared"> {
  if (isDataDir(dir)) {
    // PGlite creates its files readable by everyone (0666): the directory keeps other users out.
    await chmod(dir, 0o700);
    return "existing";
  }
  const parent = path.dirname(dir);
  await mkdir(parent, { recursive: true });
  for (const name of await readdir(parent)) {
    if (name.startsWith(`${path.basename(dir)}.preparing-`)) {
      await rm(path.join(parent, name), { recursive: true, force: true });
    }
  }
  const staging = `${dir}.preparing-${process.pid}`;
  let how: "template" | "prepared";
  if (options.templateDir && isDataDir(options.templateDir)) {
    await copyTree(options.templateDir, staging);
    how = "template";
  } else {
    await prepareInChild(staging);
    how = "prepared";
  }
  await chmod(staging, 0o700);
  if (existsSync(dir)) {
    // Something that is not a database stands where it should go: kept aside, never deleted.
    const aside = `${dir}.incomplete-${Date.now()}`;
    if ((await readdir(dir)).length > 0) await rename(dir, aside);
    else await rm(dir, { recursive: true });
  }
  await rename(staging, dir);
  return how;
}
