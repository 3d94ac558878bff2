import { DevicesPanelScreen } from "~/components/product-screens/devices-panel";
import { RecordCardScreen } from "~/components/product-screens/record-card";
import { RiskPanelScreen } from "~/components/product-screens/risk-panel";
import { WearablePanelScreen } from "~/components/product-screens/wearable-panel";
import { HeroPattern } from "~/components/marketing/blocks";
import { CtaButtons } from "~/components/ui/button";
import { Carousel, type CarouselSlide } from "~/components/ui/carousel";
import { Container } from "~/components/ui/section";
import { CAROUSEL_INTERVAL_MS, home, type HeroSlide } from "~/content/home";
import { screens } from "~/content/product";
import { eventShowing } from "~/content/dated";
import { useContentDate } from "~/lib/use-dated";
import { EventIllustration } from "./event-illustration";
import { CheckList } from "~/components/ui/check-list";

/**
 * Each slide's visual, on wide screens. The slides share one height (the
 * tallest's: the carousel does not move the page as it turns), so a visual
 * much taller than the others would leave an empty band under theirs: the
 * monitoring slide's two panels sit side by side, the metrics without notes.
 */
const visuals: Record<HeroSlide["id"], React.ReactNode> = {
  "web-summit": <EventIllustration />,
  records: <RecordCardScreen />,
  ai: <RiskPanelScreen />,
  monitoring: (
    <div className="grid w-full grid-cols-2 items-start gap-4">
      <WearablePanelScreen notes={false} />
      <DevicesPanelScreen className="max-w-none!" />
    </div>
  ),
};

function Slide({ slide }: { slide: HeroSlide }) {
  return (
    <div className="grid items-center gap-10 py-2 lg:grid-cols-[2fr_3fr]">
      <div>
        <p className="mb-2 text-sm font-semibold tracking-wider text-primary-100 uppercase">{slide.eyebrow}</p>
        <h2 className="text-3xl text-white sm:text-4xl">{slide.title}</h2>
        <p className="mt-4 text-lg text-primary-50">{slide.body}</p>
        {slide.points ? (
          <CheckList
            items={slide.points}
            className="mt-4 flex flex-wrap gap-x-4 gap-y-2"
            itemClassName="flex items-center gap-2 text-white"
            mark={<span aria-hidden="true" className="size-2 rounded-full bg-accent-200" />}
          />
        ) : null}
        {slide.id === "monitoring" ? (
          // Below lg the devices panel is hidden with the other visuals; keep its content as text.
          <p className="mt-4 text-primary-50 lg:hidden">
            <span className="font-semibold text-white">{screens.devices.title}: </span>
            {screens.devices.items.join(", ")}.
          </p>
        ) : null}
        <CtaButtons ctas={slide.ctas} inverse className="mt-6" />
      </div>
      {/* Visuals are illustrative; on phones and tablets they are left out to keep the hero short and light. */}
      <div className="hidden justify-end lg:flex">{visuals[slide.id]}</div>
    </div>
  );
}

/**
 * The home hero: the page's h1 (the LCP element, plain text) and the carousel
 * of 4 slides underneath it (3 once Web Summit 2025 has ended: an event is
 * shown only until it ends, app/content/dated.ts).
 */
export function HomeHero() {
  const showEvent = eventShowing(useContentDate());
  const slides: CarouselSlide[] = home.slides
    .filter((slide) => slide.id !== "web-summit" || showEvent)
    .map((slide) => ({
      id: slide.id,
      label: slide.label,
      content: <Slide slide={slide} />,
    }));
  return (
    <section aria-labelledby="page-title" className="relative overflow-hidden bg-primary-900 text-white">
      <HeroPattern />
      <Container className="relative py-12 sm:py-16">
        <div className="max-w-3xl">
          <p className="mb-3 text-sm font-semibold tracking-wider text-primary-100 uppercase">{home.hero.eyebrow}</p>
          <h1 id="page-title" className="text-4xl text-white sm:text-5xl">
            {home.hero.title}
          </h1>
          <p className="mt-5 text-lg text-primary-50">{home.hero.lead}</p>
        </div>
        <Carousel
          label={home.carouselLabel}
          slides={slides}
          intervalMs={CAROUSEL_INTERVAL_MS}
          loop
          tone="dark"
          className="mt-10 border-t border-primary-700 pt-10"
        />
      </Container>
    </section>
  );
}
