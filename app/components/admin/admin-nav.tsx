import { BookOpen, LayoutDashboard, Package, Palette, Settings, Stethoscope, type LucideIcon } from "lucide-react";
import { NavLink } from "react-router";

const LINKS: { to: string; label: string; Icon: LucideIcon; end?: boolean }[] = [
  { to: "/admin", label: "Dashboard", Icon: LayoutDashboard, end: true },
  { to: "/admin/products", label: "Products", Icon: Package },
  { to: "/admin/fabrics", label: "Fabric Library", Icon: Palette },
  { to: "/admin/settings", label: "Settings", Icon: Settings },
  { to: "/admin/guide", label: "Guide", Icon: BookOpen },
  { to: "/admin/diagnostics", label: "Diagnostics", Icon: Stethoscope },
];

/** The admin sections; used in the desktop sidebar and the mobile slide-out menu. */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin">
      <ul className="space-y-1">
        {LINKS.map(({ to, label, Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              onClick={onNavigate}
              className={({ isActive }) =>
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors " +
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 " +
                (isActive ? "bg-stone-900 text-white" : "text-stone-700 hover:bg-stone-100 hover:text-stone-900")
              }
            >
              <Icon aria-hidden className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
