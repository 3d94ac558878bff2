import { RocketIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { pilotNoteOn } from "~/content/demo";
import { phasesOn } from "~/content/dated";
import { useContentDate } from "~/lib/use-dated";

/** The upcoming national pilot (announcement coming soon, 2025), then as it launches (app/content/dated.ts). */
export function PilotNote() {
  const pilotNote = pilotNoteOn(phasesOn(useContentDate()).national);
  return (
    <aside
      aria-labelledby="pilot-note-title"
      className="mt-10 flex flex-col gap-4 rounded-card border border-accent-200 bg-white p-6 shadow-card sm:flex-row sm:items-start"
    >
      <span
        aria-hidden="true"
        className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-50 text-accent-700 [&_svg]:size-6"
      >
        <RocketIcon />
      </span>
      <div>
        <Badge variant="accent">{pilotNote.badge}</Badge>
        <h3 id="pilot-note-title" className="mt-2 text-xl text-ink">
          {pilotNote.title}
        </h3>
        <p className="mt-2 text-muted">{pilotNote.body}</p>
      </div>
    </aside>
  );
}
