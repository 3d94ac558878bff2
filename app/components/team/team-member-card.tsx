import type { TeamMember } from "~/content/team";
import { Button } from "~/components/ui/button";
import { DialogContent, useDialog } from "~/components/ui/dialog";
import { LinkedInIcon } from "./linkedin-icon";
import { Portrait } from "./portrait";

/** Opens in a new tab; the accessible name says so. */
export function LinkedInLink({ member, className }: { member: TeamMember; className?: string }) {
  return (
    <a
      href={member.linkedin}
      target="_blank"
      rel="noopener noreferrer"
      className={
        className ??
        "inline-flex size-11 items-center justify-center rounded-full border-2 border-line text-primary-800 transition-colors hover:border-primary-700 hover:bg-primary-50"
      }
    >
      <LinkedInIcon className="size-5" />
      <span className="sr-only">{member.name} on LinkedIn (opens in a new tab)</span>
    </a>
  );
}

/** A leadership card: portrait, name, role, short bio, LinkedIn and a Read More dialog. */
export function TeamMemberCard({ member }: { member: TeamMember }) {
  const titleId = `${member.id}-name`;
  const dialog = useDialog();
  const dialogTitleId = `${member.id}-dialog-name`;
  const dialogRoleId = `${member.id}-dialog-role`;
  const dialogId = `${member.id}-dialog`;
  return (
    <>
      <article
        aria-labelledby={titleId}
        className="flex flex-col overflow-hidden rounded-card border border-line bg-white shadow-card"
      >
        <Portrait name={member.name} image={member.image} />
        <div className="flex flex-1 flex-col p-6">
          <h3 id={titleId} className="text-xl text-ink">
            {member.name}
          </h3>
          <p className="mt-1 text-sm font-semibold text-primary-800">{member.role}</p>
          <p className="mt-3 flex-1 text-muted">{member.shortBio}</p>
          <div className="mt-6 flex items-center gap-3">
            <Button
              variant="outline"
              size="sm"
              aria-haspopup="dialog"
              data-opens-dialog={dialogId}
              onClick={dialog.open}
            >
              <span>
                Read More <span className="sr-only">about {member.name}</span>
              </span>
            </Button>
            <LinkedInLink member={member} />
          </div>
        </div>
      </article>
      <DialogContent
        id={dialogId}
        dialogRef={dialog.ref}
        labelledBy={dialogTitleId}
        describedBy={dialogRoleId}
        closeLabel="Close"
      >
        <div className="flex items-start gap-4 pr-10">
          <Portrait
            name={member.name}
            image={member.image}
            decorative
            className="aspect-square! size-16! shrink-0 rounded-full"
          />
          <div>
            <h2 id={dialogTitleId} className="text-2xl font-semibold text-ink">
              {member.name}
            </h2>
            <p id={dialogRoleId} className="mt-1 font-semibold text-primary-800">
              {member.role}
            </p>
          </div>
        </div>
        <div data-testid="full-bio" className="mt-6 grid gap-4 text-ink">
          {member.fullBio.map((paragraph) => (
            <p key={paragraph.slice(0, 32)}>{paragraph}</p>
          ))}
        </div>
        <p className="mt-6">
          <a
            href={member.linkedin}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 font-semibold text-primary-800 underline underline-offset-2 hover:text-primary-900"
          >
            <LinkedInIcon className="size-5" />
            View {member.name} on LinkedIn
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </DialogContent>
    </>
  );
}
