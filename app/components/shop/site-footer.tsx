import { Link } from "react-router";
import { buttonClass } from "../ui/button.tsx";
import { categoryPath, type NavCategory } from "./nav-links.ts";

// 44 px tall (and wide) touch targets, the text still aligned with the column.
const footerLink =
  "inline-flex min-h-11 min-w-11 items-center wrap-anywhere text-paper/75 hover:text-paper transition-colors rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

export function SiteFooter({
  storeName,
  email,
  phone,
  categories,
}: {
  storeName: string;
  email: string;
  phone: string;
  categories: NavCategory[];
}) {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-ink text-paper mt-24">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 md:grid-cols-3 lg:px-8">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="font-serif text-xl">
            About
          </h2>
          <div className="bg-brand mt-3 h-px w-10" aria-hidden="true" />
          <p className="text-paper/75 mt-5 max-w-xs text-sm leading-relaxed">
            Handcrafted purses and bags made with love in Colorado. We choose quality fabrics and sew every piece with
            careful attention to detail.
          </p>
        </section>
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="font-serif text-xl">
            Shop
          </h2>
          <div className="bg-brand mt-3 h-px w-10" aria-hidden="true" />
          <ul className="mt-3 text-sm">
            {categories.map((category) => (
              <li key={category.slug}>
                <Link to={categoryPath(category.slug)} className={footerLink}>
                  {category.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/contact" className={footerLink}>
                Custom Orders
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="font-serif text-xl">
            Contact
          </h2>
          <div className="bg-brand mt-3 h-px w-10" aria-hidden="true" />
          <p className="text-paper/75 mt-5 max-w-xs text-sm leading-relaxed">
            Have a question, or dreaming of a custom piece? We&apos;d love to hear from you.
          </p>
          {email ? (
            <p className="text-paper/90 mt-4 flex flex-col gap-1 text-sm">
              <a href={`mailto:${email}`} className="inline-flex min-h-11 items-center hover:underline">
                {email}
              </a>
              {phone ? (
                <a
                  href={`tel:${phone.replace(/[^\d+]/g, "")}`}
                  className="inline-flex min-h-11 items-center hover:underline"
                >
                  {phone}
                </a>
              ) : null}
            </p>
          ) : null}
          <Link to="/contact" className={buttonClass("primary", "md", "mt-6")}>
            Contact Us
          </Link>
        </section>
      </div>
      <div className="border-paper/10 border-t">
        <div className="text-paper/75 mx-auto flex max-w-7xl flex-col items-center justify-between gap-1 px-4 py-4 text-xs sm:flex-row sm:px-6 lg:px-8">
          <p>
            © {year} {storeName}. All rights reserved.
          </p>
          <Link to="/admin/login" className={`${footerLink} justify-center`}>
            Admin
          </Link>
        </div>
      </div>
    </footer>
  );
}
