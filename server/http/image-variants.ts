import type { RequestHandler } from "express";
import type { Logger } from "../logger.ts";
import { storeMissingVariant } from "../storage/image-processing.ts";
import type { FileStorage } from "../storage/local-storage.ts";

/**
 * After the static files: a narrower copy of a stored picture that is not on disk is made
 * from the picture (see storeMissingVariant) and sent, so a srcset may name a width the shop
 * added after the picture was stored. Each copy is made once; later requests find the file.
 * Anything else is the plain 404 the static files would give.
 */
export function missingImageVariants(
  storage: FileStorage,
  log: Logger,
  options: { maxAgeMs: number; immutable: boolean },
): RequestHandler {
  // One making per copy, however many browsers ask for it at once.
  const making = new Map<string, Promise<boolean>>();
  return (req, res) => {
    const key = req.path.slice(1);
    const notFound = () => res.status(404).type("text/plain").send("Not Found");
    if (req.method !== "GET" && req.method !== "HEAD") return notFound();
    let made = making.get(key);
    if (!made) {
      made = storeMissingVariant(storage, key).finally(() => making.delete(key));
      making.set(key, made);
    }
    made.then(
      (stored) => {
        if (!stored) return notFound();
        res.sendFile(key, { root: storage.root, maxAge: options.maxAgeMs, immutable: options.immutable }, (error) => {
          if (error && !res.headersSent) notFound();
        });
      },
      (error: unknown) => {
        // A stored picture that no longer decodes: the page shows its fallback.
        log.warn({ err: error, key }, "picture copy could not be made");
        notFound();
      },
    );
  };
}
