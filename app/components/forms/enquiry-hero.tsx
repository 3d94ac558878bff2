import type { ReactNode } from "react";
import { Container } from "~/components/ui/section";

/** The hero the three enquiry pages share: eyebrow, title, lead, optional actions. */
export function EnquiryHero({
  id,
  eyebrow,
  title,
  lead,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="relative isolate overflow-hidden bg-primary-900 py-16 text-white sm:py-20">
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 400 400"
        className="absolute -top-24 -right-40 -z-10 size-[26rem] opacity-60 sm:-right-16 sm:size-[32rem]"
      >
        <circle cx="200" cy="200" r="190" fill="#0a4e48" />
        <circle cx="200" cy="200" r="125" fill="none" stroke="#0d7a70" strokeWidth="2" />
        <circle cx="95" cy="290" r="14" fill="#c2412b" />
      </svg>
      <Container>
        <p className="mb-3 text-sm font-semibold tracking-wider text-primary-100 uppercase">{eyebrow}</p>
        <h1 id={id} className="max-w-3xl text-4xl text-white sm:text-5xl">
          {title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-primary-50">{lead}</p>
        {children}
      </Container>
    </section>
  );
}
