import { ImagePlus, Link2, Upload, X } from "lucide-react";
import { Tabs } from "radix-ui";
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode, type Ref } from "react";
import {
  IMAGE_ACCEPT,
  IMAGE_SIGNATURE_BYTES,
  IMAGE_UPLOAD_MAX_BYTES,
  notAnImageMessage,
  sniffImageFormat,
  tooLargeMessage,
  uploadFailedMessage,
  uploadSucceededMessage,
  type UploadedImage,
  type UploadPurpose,
} from "../../../core/image-upload.ts";
import { notify, notifyError } from "../../lib/notify.ts";
import { AdminButton } from "./admin-button.tsx";

/** The upload endpoint (app/routes/admin/uploads.ts). */
export const UPLOAD_ENDPOINT = "/admin/uploads";
/** How long a finished progress bar stays at 100 % (SPEC §4). */
export const PROGRESS_CLEAR_MS = 800;
/** Upload progress stops here until the server has stored the picture (SPEC §9: ceiling 90 %). */
const SENDING_CEILING = 90;
const SIGN_IN_PATH = "/admin/login";

export type UploadResult = { ok: true; image: UploadedImage } | { ok: false; error: string };

/** Checks a chosen file before it is sent: the message to show, or null when it may go. */
export async function checkImageFile(file: Blob & { name: string }): Promise<string | null> {
  // By content, as the server decides: a text file named .png is not a picture.
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  if (!sniffImageFormat(head)) return notAnImageMessage(file.name);
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return tooLargeMessage(file.name);
  return null;
}

/** What the endpoint's answer means for the owner. */
export function readUploadAnswer(
  answer: { status: number; body: string; responseUrl: string },
  fileName: string,
): UploadResult {
  let json: unknown = null;
  try {
    json = JSON.parse(answer.body);
  } catch {
    // Not JSON: the body cap's 413, a redirect to sign-in, a proxy's error page.
  }
  const fields = (json ?? {}) as Partial<Record<keyof UploadedImage | "error", unknown>>;
  if (
    answer.status === 200 &&
    typeof fields.url === "string" &&
    typeof fields.width === "number" &&
    typeof fields.height === "number"
  ) {
    const name = typeof fields.name === "string" ? fields.name : fileName;
    return { ok: true, image: { url: fields.url, width: fields.width, height: fields.height, name } };
  }
  if (typeof fields.error === "string") return { ok: false, error: fields.error };
  // The server refuses a body over its cap before reading it, in plain text.
  if (answer.status === 413) return { ok: false, error: tooLargeMessage(fileName) };
  if (answer.responseUrl && new URL(answer.responseUrl, "http://localhost").pathname === SIGN_IN_PATH) {
    return { ok: false, error: uploadFailedMessage("Your session has expired. Please log in again.") };
  }
  return { ok: false, error: uploadFailedMessage(answer.status === 0 ? "the connection was lost" : "Unknown error") };
}

interface SendOptions {
  /** Named in messages. */
  fileName: string;
  /** 0–90 while the bytes travel. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** For tests. */
  createRequest?: () => XMLHttpRequest;
}

/**
 * Posts a picture (a `file` or a `url`, with its `purpose`) to the upload endpoint.
 * XMLHttpRequest rather than fetch: it reports how much of the body has been sent.
 * A same-origin request, so the browser sends the Origin the admin guard checks.
 */
export function sendImage(
  body: FormData,
  { fileName, onProgress, signal, createRequest = () => new XMLHttpRequest() }: SendOptions,
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const request = createRequest();
    request.open("POST", UPLOAD_ENDPOINT);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.round((event.loaded / event.total) * SENDING_CEILING));
      }
    };
    const settle = () =>
      resolve(
        readUploadAnswer(
          { status: request.status, body: request.responseText, responseUrl: request.responseURL },
          fileName,
        ),
      );
    request.onload = settle;
    request.onerror = settle;
    request.onabort = () => resolve({ ok: false, error: uploadFailedMessage("the upload was cancelled") });
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(body);
  });
}

export interface ImageInputProps {
  /** Decides where the picture is kept and which success message is shown. */
  purpose: UploadPurpose;
  /** The current picture's URL, or "" for none. */
  value: string;
  onChange: (url: string) => void;
  /** Names the control, e.g. "Product image 1" or "Fabric Swatch Image". */
  label: string;
  /** Submits the URL with the surrounding form under this name. */
  name?: string;
  hint?: string;
}

/**
 * One picture: chosen from the computer (click or drag and drop) or imported from a URL,
 * uploaded with a real progress bar, shown as a preview that can be cleared.
 */
export function ImageInput({
  purpose,
  value,
  onChange,
  label,
  name,
  hint = "Supports: JPG, PNG, GIF, WebP (max 20MB)",
}: ImageInputProps) {
  const id = useId();
  const [tab, setTab] = useState("upload");
  const [url, setUrl] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const inFlight = useRef<AbortController | null>(null);

  // A finished bar shows 100 % for a moment, then goes.
  useEffect(() => {
    if (progress !== 100) return;
    const timer = setTimeout(() => setProgress(null), PROGRESS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [progress]);
  // Leaving the page cancels an upload still on its way.
  useEffect(() => () => inFlight.current?.abort(), []);

  async function upload(body: FormData, fileName: string) {
    const controller = new AbortController();
    inFlight.current = controller;
    setBusy(true);
    setProgress(0);
    body.set("purpose", purpose);
    const result = await sendImage(body, { fileName, onProgress: setProgress, signal: controller.signal });
    if (controller.signal.aborted) return;
    inFlight.current = null;
    setBusy(false);
    if (result.ok) {
      setProgress(100);
      setUrl("");
      onChange(result.image.url);
      notify(uploadSucceededMessage(purpose));
    } else {
      setProgress(null);
      notifyError(result.error);
    }
  }

  async function uploadFile(file: File | undefined) {
    if (!file || busy) return;
    const problem = await checkImageFile(file);
    if (problem) return notifyError(problem);
    const body = new FormData();
    body.set("file", file);
    await upload(body, file.name);
  }

  async function importUrl() {
    const address = url.trim();
    if (!address || busy) return;
    const body = new FormData();
    body.set("url", address);
    await upload(body, address);
  }

  function clear() {
    onChange("");
    // The remove button goes away with the picture; the keyboard carries on from the chooser.
    setTab("upload");
    requestAnimationFrame(() => chooseButton.current?.focus());
  }

  const tabClass =
    "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-stone-600 hover:text-stone-900 " +
    "focus-visible:outline-2 focus-visible:outline-stone-900 data-[state=active]:bg-stone-900 data-[state=active]:text-white";

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-3">
      <p id={`${id}-label`} className="text-sm font-medium text-stone-800">
        {label}
      </p>
      {name ? <input type="hidden" name={name} value={value} /> : null}
      {value ? (
        <div className="relative inline-block">
          <img
            src={value}
            alt={`${label} preview`}
            className="size-32 rounded-md border border-stone-200 bg-stone-50 object-cover"
          />
          <button
            type="button"
            onClick={clear}
            aria-label={`Remove ${label}`}
            className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full bg-stone-900 text-white shadow-sm hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      ) : null}
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List
          aria-label={`How to add ${label}`}
          className="inline-flex rounded-lg border border-stone-200 bg-white p-1 shadow-xs"
        >
          <Tabs.Trigger value="upload" className={tabClass}>
            <Upload aria-hidden className="size-4" />
            Upload File
          </Tabs.Trigger>
          <Tabs.Trigger value="url" className={tabClass}>
            <Link2 aria-hidden className="size-4" />
            Use URL
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="upload" className="mt-3">
          <PictureDropButton
            buttonRef={chooseButton}
            disabled={busy}
            describedBy={`${id}-hint`}
            onFile={(file) => void uploadFile(file)}
            className="flex-col px-4 py-6"
          >
            <ImagePlus aria-hidden className="size-6 text-stone-500" />
            <span>
              <span className="font-medium text-stone-900">Choose a picture</span> or drag and drop it here
            </span>
          </PictureDropButton>
          <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-500">
            {hint}
          </p>
        </Tabs.Content>
        <Tabs.Content value="url" className="mt-3">
          <label htmlFor={`${id}-url`} className="mb-1.5 block text-sm text-stone-700">
            Image URL
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              placeholder="https://example.com/picture.jpg"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Enter imports instead of submitting the form this control sits in.
                if (event.key !== "Enter") return;
                event.preventDefault();
                void importUrl();
              }}
              className="block h-10 min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-3 text-sm text-stone-900 shadow-xs placeholder:text-stone-400 focus:border-stone-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-stone-900/20"
            />
            <AdminButton variant="secondary" disabled={busy || url.trim() === ""} onClick={() => void importUrl()}>
              <Link2 aria-hidden className="size-4" />
              Import
            </AdminButton>
          </div>
        </Tabs.Content>
      </Tabs.Root>
      <UploadProgress progress={progress} label={`Uploading ${label}`} />
    </div>
  );
}

/** The dashed "choose or drop a picture" button, with its hidden file input. */
export function PictureDropButton({
  buttonRef,
  disabled,
  describedBy,
  onFile,
  className,
  children,
}: {
  buttonRef?: Ref<HTMLButtonElement>;
  disabled: boolean;
  describedBy: string;
  onFile: (file: File | undefined) => void;
  /** Layout of the button's content (direction, padding). */
  className: string;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => fileInput.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event: DragEvent<HTMLButtonElement>) => {
          event.preventDefault();
          setDragging(false);
          onFile(event.dataTransfer.files[0]);
        }}
        className={
          `${className} flex w-full items-center justify-center gap-2 rounded-lg border-2 border-dashed text-sm ` +
          "text-stone-700 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 " +
          "disabled:cursor-not-allowed disabled:opacity-60 " +
          (dragging ? "border-stone-900 bg-stone-100" : "border-stone-300 bg-white hover:bg-stone-50")
        }
      >
        {children}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared, so choosing the same file again is a change too.
          event.currentTarget.value = "";
          onFile(file);
        }}
      />
    </>
  );
}

/** An upload's real progress (null: no upload under way). */
export function UploadProgress({ progress, label }: { progress: number | null; label: string }) {
  if (progress === null) return null;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
      className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
    >
      <div className="h-full bg-stone-900 transition-[width]" style={{ width: `${progress}%` }} />
    </div>
  );
}
