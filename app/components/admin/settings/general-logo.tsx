import { ImagePlus, Loader2, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  LOGO_HINT,
  LOGO_MAX_BYTES,
  LOGO_REMOVED_MESSAGE,
  LOGO_UPDATED_MESSAGE,
  logoTooLargeMessage,
  logoUploadFailedMessage,
  type GeneralSettingsAnswer,
} from "../../../../core/store-settings.ts";
import { notify, notifyError } from "../../../lib/notify.ts";
import { AdminButton } from "../admin-button.tsx";
import { checkImageFile, PictureDropButton, PROGRESS_CLEAR_MS, sendImage, UploadProgress } from "../image-input.tsx";

/** The upload endpoint's own wording, re-told as the logo's (SPEC §8 'Failed to upload logo: {message}'). */
const logoFailure = (error: string) => logoUploadFailedMessage(error.replace(/^Failed to upload image: /, ""));

/**
 * The store's logo: uploaded through the shared endpoint with real progress, then saved
 * at once (intent "general:logo"). Removing it shows the store name in the header instead.
 */
export function LogoSetting({ logoUrl, storeName }: { logoUrl: string | null; storeName: string }) {
  const id = useId();
  const saver = useFetcher<GeneralSettingsAnswer>({ key: "general:logo" });
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const inFlight = useRef<AbortController | null>(null);
  // What the pending save does: "upload" (the bar completes) or "remove".
  const pending = useRef<"upload" | "remove" | null>(null);
  const busy = uploading || saver.state !== "idle";

  useEffect(() => {
    if (progress !== 100) return;
    const timer = setTimeout(() => setProgress(null), PROGRESS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [progress]);
  useEffect(() => () => inFlight.current?.abort(), []);

  // The save's answer: the bar completes only once the logo is the store's.
  useEffect(() => {
    if (saver.state !== "idle" || !pending.current || !saver.data) return;
    const done = pending.current;
    pending.current = null;
    const answer = saver.data;
    /* eslint-disable react-hooks/set-state-in-effect -- acting on the fetcher's answer */
    if (answer.ok) {
      if (done === "upload") setProgress(100);
      notify(done === "upload" ? LOGO_UPDATED_MESSAGE : LOGO_REMOVED_MESSAGE);
      if (done === "remove") requestAnimationFrame(() => chooseButton.current?.focus());
    } else {
      setProgress(null);
      notifyError(done === "upload" ? logoFailure(answer.error) : answer.error);
    }
    /* eslint-enable react-hooks/set-state-in-effect */
  }, [saver.state, saver.data]);

  async function upload(file: File | undefined) {
    if (!file || busy) return;
    const problem = await checkImageFile(file);
    if (problem) return notifyError(logoFailure(problem));
    if (file.size > LOGO_MAX_BYTES) return notifyError(logoFailure(logoTooLargeMessage(file.name)));

    const controller = new AbortController();
    inFlight.current = controller;
    setUploading(true);
    setProgress(0);
    const body = new FormData();
    body.set("file", file);
    body.set("purpose", "logo");
    const result = await sendImage(body, { fileName: file.name, onProgress: setProgress, signal: controller.signal });
    if (controller.signal.aborted) return;
    inFlight.current = null;
    setUploading(false);
    if (!result.ok) {
      setProgress(null);
      return notifyError(logoFailure(result.error));
    }
    pending.current = "upload";
    void saver.submit({ intent: "general:logo", logoUrl: result.image.url }, { method: "post" });
  }

  function remove() {
    if (busy) return;
    pending.current = "remove";
    void saver.submit({ intent: "general:logo", logoUrl: "" }, { method: "post" });
  }

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-3">
      <p id={`${id}-label`} className="text-sm font-medium text-stone-800">
        Store Logo
      </p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex h-24 w-full items-center justify-center rounded-lg border border-stone-200 bg-stone-50 px-4 sm:w-64">
          {logoUrl ? (
            <img src={logoUrl} alt={`${storeName} logo`} className="max-h-20 max-w-full object-contain" />
          ) : (
            <p className="text-center text-sm text-stone-600">
              No logo: the header shows <span className="font-serif text-base text-stone-900">{storeName}</span>
            </p>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <PictureDropButton
            buttonRef={chooseButton}
            disabled={busy}
            describedBy={`${id}-hint`}
            onFile={(file) => void upload(file)}
            className="px-4 py-4"
          >
            {uploading ? (
              <Loader2 aria-hidden className="size-5 animate-spin text-stone-500" />
            ) : (
              <ImagePlus aria-hidden className="size-5 text-stone-500" />
            )}
            <span>
              <span className="font-medium text-stone-900">{logoUrl ? "Replace logo" : "Upload logo"}</span> or drag and
              drop it here
            </span>
          </PictureDropButton>
          <p id={`${id}-hint`} className="text-xs text-stone-500">
            {LOGO_HINT}
          </p>
          {logoUrl ? (
            <AdminButton variant="secondary" disabled={busy} onClick={remove} className="self-start">
              <Trash2 aria-hidden className="size-4" />
              Remove logo
            </AdminButton>
          ) : null}
        </div>
      </div>
      <UploadProgress progress={progress} label="Uploading logo" />
    </div>
  );
}
