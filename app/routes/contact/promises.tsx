import { promises } from "~/content/contact";

/** 24 Hour Response, Secure Communication, Expert Team. */
export function Promises() {
  return (
    <ul className="grid gap-4" aria-label="Our promises">
      {promises.map((promise) => (
        <li key={promise.title} className="flex gap-4 rounded-card border border-line bg-surface p-5">
          <span
            aria-hidden="true"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-700 text-white [&_svg]:size-5"
          >
            <promise.icon />
          </span>
          <div>
            <h3 className="text-lg text-ink">{promise.title}</h3>
            <p className="mt-1 text-muted">{promise.body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
