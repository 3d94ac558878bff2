import { QuoteIcon } from "lucide-react";
import { Container } from "~/components/ui/section";
import { teamQuote } from "~/content/team";

export function TeamQuote() {
  return (
    <div className="bg-white py-16 sm:py-20">
      <Container>
        <figure className="mx-auto max-w-3xl text-center">
          <QuoteIcon aria-hidden="true" className="mx-auto size-10 text-accent-600" />
          <blockquote className="mt-6 text-2xl leading-snug text-ink sm:text-3xl">
            <p>{teamQuote.text}</p>
          </blockquote>
          <figcaption className="mt-6 text-muted">
            <span className="font-semibold text-ink">{teamQuote.author}</span>, {teamQuote.role}
          </figcaption>
        </figure>
      </Container>
    </div>
  );
}
