import { TeamMemberCard } from "~/components/team/team-member-card";
import { Section, SectionHeading } from "~/components/ui/section";
import { leadershipTeam } from "~/content/team";

export function Leadership() {
  return (
    <Section tone="muted" aria-labelledby="leadership-title">
      <SectionHeading
        id="leadership-title"
        eyebrow="Leadership"
        title="Leadership Team"
        lead="Years on labour wards, in NHS clinical systems and in mobile products for West Africa, brought together to fix one problem."
      />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label="Leadership Team">
        {leadershipTeam.map((member) => (
          <li key={member.id} className="flex">
            <TeamMemberCard member={member} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
