import type { ReactNode } from "react";
import { RingsHero, type Rings } from "~/components/marketing/rings-hero";

const rings: Rings = {
  className: "-top-24 -right-40 size-[26rem] sm:-right-16 sm:size-[32rem]",
  ring: 125,
  // Where the ring crosses the top padding (the drawing is anchored to the right, in rem).
  dot: { edge: "top", right: "right-[8.5rem] sm:right-[17.75rem]" },
};

/** The hero the three enquiry pages share: eyebrow, title, lead, optional actions. */
export function EnquiryHero(props: {
  id: string;
  eyebrow: string;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return <RingsHero {...props} rings={rings} />;
}
