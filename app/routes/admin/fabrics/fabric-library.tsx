import type { Route } from "./+types/fabric-library";
import { adminMeta } from "../admin-pages.ts";
import { ComingSoon } from "../../../components/admin/coming-soon.tsx";

export default function Page() {
  return (
    <ComingSoon title="Fabric Library">
      The library of fabrics, with swatches, upcharges and stock, is being built.
    </ComingSoon>
  );
}

export const meta: Route.MetaFunction = () => adminMeta("fabrics");
