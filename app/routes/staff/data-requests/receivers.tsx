import { TitledSection } from "~/features/console/titled-section";
import type { ErasureResult } from "~/features/data-requests/data-requests";

/**
 * On the "Erased" page: the integrations that were sent a summary of the
 * person (name, organisation, topic), with their hosts, found before the
 * erasure. Their receivers (a CRM, a chat channel) keep what they got: the
 * team asks each one to delete it. Nothing when none was.
 */
export function SummaryReceivers({ receivers }: { receivers: ErasureResult["receivers"] }) {
  if (receivers.length === 0) return null;
  return (
    <TitledSection id="receivers-title" title="Integrations that were sent a summary" className="grid gap-3">
      <p>
        These integrations were sent this person&rsquo;s name, organisation and interest. Their receivers keep what they
        got: delete it there too (a chat message, a record in another tool).
      </p>
      <ul className="grid gap-2 border-y border-line py-3">
        {receivers.map((receiver) => (
          <li key={`${receiver.name} ${receiver.host}`}>
            <span className="font-semibold">{receiver.name}</span>, at{" "}
            <span className="break-all">{receiver.host}</span>
            {receiver.delivered ? null : (
              <span className="block text-sm text-muted">
                Every attempt failed, but the receiver may have kept one.
              </span>
            )}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
