import type { ComponentType } from "react";

/**
 * A content page: its sections, rendered in the order given, so a route module
 * reads top to bottom like the page looks:
 *
 *     export default sectionsPage(AboutHero, MissionVision, Journey, AboutCta);
 */
export function sectionsPage(...sections: ComponentType[]) {
  return function Page() {
    return (
      <>
        {sections.map((Section, index) => (
          <Section key={index} />
        ))}
      </>
    );
  };
}
