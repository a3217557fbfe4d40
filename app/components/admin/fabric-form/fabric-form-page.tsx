import { ChevronLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
import type { FabricInput } from "../../../../core/fabric.ts";
import { adminPath } from "../../../routes/admin/admin-pages.ts";
import { FabricForm } from "./fabric-form.tsx";

/** /admin/fabrics/new and /admin/fabrics/edit/:fabricId: the back button, the heading and the form. */
export function FabricFormPage({
  mode,
  fabricId,
  initial,
}: {
  mode: "create" | "edit";
  fabricId: string | null;
  initial: FabricInput;
}) {
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to={adminPath("fabrics")}
        className="inline-flex items-center gap-1 text-sm text-stone-600 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-stone-900"
      >
        <ChevronLeft aria-hidden className="size-4" />
        Back to Fabric Library
      </Link>
      <h1 className="mt-3 mb-6 text-2xl font-semibold text-stone-900">
        {mode === "create" ? "Add Fabric" : "Edit Fabric"}
      </h1>
      <FabricForm
        mode={mode}
        fabricId={fabricId}
        initial={initial}
        onCancel={() => void navigate(adminPath("fabrics"))}
      />
    </div>
  );
}
