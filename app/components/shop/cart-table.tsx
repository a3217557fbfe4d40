/* Explicit table roles are deliberate: rows switch to CSS grid on phones, which makes
   browsers drop the implicit ones (see CartTable). */
/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */
import { Trash2 } from "lucide-react";
import { Link } from "react-router";
import { formatPrice } from "../../../core/money.ts";
import { lineLabel, type CartLine } from "../../lib/cart-lines.ts";
import { cart } from "../../lib/cart-store.ts";
import { FallbackImage } from "../ui/fallback-image.tsx";
import { QuantityStepper } from "../ui/quantity-stepper.tsx";

/**
 * One table on every screen; below md each row lays out as a card. Changing a row's
 * display drops its implicit table roles in browsers, so the roles are spelled out.
 */
export function CartTable({ lines, productSlugs }: { lines: CartLine[]; productSlugs: Map<string, string> }) {
  return (
    <table role="table" className="w-full text-left">
      <caption className="sr-only">Items in your cart</caption>
      <thead
        role="rowgroup"
        className="border-ink/15 text-ink/70 sr-only border-b text-xs tracking-widest uppercase md:not-sr-only md:table-header-group"
      >
        <tr role="row">
          <th role="columnheader" scope="col" className="pb-3 font-medium">
            Product
          </th>
          <th role="columnheader" scope="col" className="pb-3 font-medium">
            Fabric
          </th>
          <th role="columnheader" scope="col" className="pb-3 font-medium">
            Price
          </th>
          <th role="columnheader" scope="col" className="pb-3 font-medium">
            Quantity
          </th>
          <th role="columnheader" scope="col" className="pb-3 text-right font-medium">
            Total
          </th>
          <th role="columnheader" scope="col" className="pb-3">
            <span className="sr-only">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {lines.map((line) => {
          const slug = productSlugs.get(line.productId);
          // The row's controls name their line: otherwise they would sound alike on every row.
          const item = lineLabel(line);
          return (
            <tr
              role="row"
              key={`${line.productId}-${line.fabricCode}`}
              className="border-ink/10 grid grid-cols-[5rem_1fr_auto] gap-x-4 gap-y-2 border-b py-5 md:table-row md:py-0"
            >
              <td role="cell" className="row-span-3 md:py-5 md:pr-4" colSpan={1}>
                <div className="flex items-center gap-4">
                  <FallbackImage
                    src={line.image}
                    alt=""
                    sizes="80px"
                    className="bg-ink/5 size-20 shrink-0 rounded-xl object-cover"
                  />
                  <span className="hidden min-w-0 font-serif text-lg wrap-anywhere md:inline">
                    {slug ? (
                      <Link to={`/product/${slug}`} className="hover:underline">
                        {line.name}
                      </Link>
                    ) : (
                      line.name
                    )}
                  </span>
                </div>
              </td>
              <td role="cell" className="col-start-2 md:py-5 md:pr-4">
                <span className="block font-serif text-lg leading-snug wrap-anywhere md:hidden">{line.name}</span>
                <span className="text-ink/70 text-sm wrap-anywhere md:text-base md:text-ink/85">
                  <span className="md:hidden">Fabric: </span>
                  {line.fabricLabel}
                </span>
              </td>
              <td role="cell" className="text-ink/85 col-start-2 tabular-nums md:py-5 md:pr-4">
                <span className="sr-only md:hidden">Price: </span>
                {formatPrice(line.priceCents)}
              </td>
              <td role="cell" className="col-start-2 md:py-5 md:pr-4">
                <QuantityStepper
                  size="sm"
                  min={0}
                  value={line.quantity}
                  label={`Quantity of ${item}`}
                  onChange={(quantity) => cart.setQuantity(line.productId, line.fabricCode, quantity)}
                />
              </td>
              <td
                role="cell"
                className="col-start-3 row-start-1 text-right font-medium tabular-nums md:py-5 md:pr-2"
                data-testid="line-total"
              >
                {formatPrice(line.priceCents * line.quantity)}
              </td>
              <td role="cell" className="col-start-3 row-start-3 text-right md:py-5">
                <button
                  type="button"
                  onClick={() => cart.remove(line.productId, line.fabricCode)}
                  aria-label={`Remove ${item}`}
                  title={`Remove ${item}`}
                  className="text-ink/70 inline-flex size-9 items-center justify-center rounded-full hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-ink"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
