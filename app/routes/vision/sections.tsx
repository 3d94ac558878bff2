import { ArrowRightIcon } from "lucide-react";
import { Link } from "react-router";
import { Aims2030, PageHero } from "~/components/marketing/blocks";
import { MarkedList } from "~/components/ui/check-list";
import { Section } from "~/components/ui/section";
import { vision } from "~/content/vision";

export function VisionHero() {
  return <PageHero {...vision.hero} />;
}

export function Pillars() {
  const s = vision.pillars;
  return (
    <Section heading={{ id: "pillars-title", ...s }}>
      <MarkedList
        items={s.items}
        ordered
        className="mx-auto grid max-w-5xl gap-8 sm:grid-cols-2"
        marker={(_, i) => (
          <span
            aria-hidden="true"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-600 font-semibold text-white"
          >
            {i + 1}
          </span>
        )}
      />
    </Section>
  );
}

export function NextLinks() {
  const s = vision.next;
  return (
    <Section tone="muted" aria-labelledby="next-title">
      <h2 id="next-title" className="mb-8 text-center text-3xl sm:text-4xl">
        {s.title}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {s.links.map((link) => (
          <li key={link.to} className="flex">
            <Link
              to={link.to}
              className="group flex flex-1 flex-col rounded-card border border-line bg-white p-6 shadow-card hover:border-primary-700"
            >
              <span className="flex items-center justify-between gap-2 text-xl font-semibold text-primary-800">
                {link.label}
                <ArrowRightIcon aria-hidden="true" className="size-5 transition-transform group-hover:translate-x-1" />
              </span>
              <span className="mt-2 text-muted">{link.body}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The 2030 aims, as the vision page words them. */
export function VisionAims() {
  return <Aims2030 {...vision.aims} />;
}
