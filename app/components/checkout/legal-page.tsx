import type { ReactNode } from "react";
import { Link } from "react-router";

/** The frame of a long-form policy page. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 [&_h2]:mt-10 [&_h2]:font-serif [&_h2]:text-2xl [&_li]:mt-1 [&_p]:mt-4 [&_p]:leading-relaxed [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6">
      <h1 className="font-serif text-4xl">{title}</h1>
      <p className="text-sm text-ink/75">Last updated {updated}</p>
      {children}
    </article>
  );
}

/** "Contact us or write to …": how a policy page ends its questions section. */
export function ContactUs({ email }: { email: string | undefined }) {
  return (
    <>
      <Link to="/contact" className="underline">
        Contact us
      </Link>
      {email ? (
        <>
          {" "}
          or write to{" "}
          <a href={`mailto:${email}`} className="underline">
            {email}
          </a>
        </>
      ) : null}
      .
    </>
  );
}
