import { TeamMemberCard } from "~/components/team/team-member-card";
import { Section } from "~/components/ui/section";
import { leadershipTeam, teamSections } from "~/content/team";

export function Leadership() {
  return (
    <Section tone="muted" heading={{ id: "leadership-title", ...teamSections.leadership }}>
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
