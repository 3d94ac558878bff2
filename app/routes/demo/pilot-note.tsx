import { RocketIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { pilotNote } from "~/content/demo";

/** The upcoming national pilot (announcement coming soon, 2025). */
export function PilotNote() {
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
