import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded and generated files live; URLs are served by the HTTP server under /uploads. */
export interface FileStorage {
  /** Writes a file atomically and answers its public URL. */
  put(key: string, data: Buffer): Promise<string>;
  publicUrl(key: string): string;
  /** Directory served at /uploads. */
  readonly root: string;
}

export const UPLOADS_URL_PREFIX = "/uploads";

const SAFE_KEY = /^[A-Za-z0-9_\-./]+$/;

/** A key the server may build: letters, digits and `_-./`, and never a way up out of a folder. */
export function isSafeStorageKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes("..");
}

export function createLocalStorage(root: string): FileStorage {
  const resolvedRoot = path.resolve(root);
  return {
    root: resolvedRoot,
    publicUrl: (key) => `${UPLOADS_URL_PREFIX}/${key}`,
    async put(key, data) {
      const file = path.resolve(resolvedRoot, key);
      // Keys are built by the server, but a bad one must never escape the uploads directory.
      if (!isSafeStorageKey(key) || !file.startsWith(resolvedRoot + path.sep)) {
        throw new Error(`Refusing unsafe storage key: ${key}`);
      }
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
      return `${UPLOADS_URL_PREFIX}/${key}`;
    },
  };
}
