import { DownloadIcon, HandshakeIcon, PresentationIcon } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/section";
import { partnerWithUs } from "~/content/investors";

type PitchPdfLink = { href: string; fileName: string; size: string };

export function PartnerWithUs({ pitch }: { pitch: PitchPdfLink }) {
  const { demo, contact } = partnerWithUs.actions;
  return (
    <section
      id="partner-with-us"
      aria-labelledby="partner-title"
      className="scroll-mt-24 bg-primary-900 py-16 text-white sm:py-20"
    >
      <Container>
        <div className="mx-auto max-w-3xl text-center">
          <p className="mb-3 text-sm font-semibold tracking-wider text-primary-100 uppercase">Next steps</p>
          <h2 id="partner-title" className="text-3xl text-white sm:text-4xl">
            {partnerWithUs.title}
          </h2>
          <p className="mt-4 text-lg text-primary-50">{partnerWithUs.lead}</p>
        </div>
        <ul className="mx-auto mt-10 grid max-w-4xl gap-4 md:grid-cols-3">
          <li className="flex">
            <ButtonLink to={demo.to} variant="accent" size="lg" className="w-full whitespace-normal! py-3 text-center">
              <PresentationIcon aria-hidden="true" />
              {demo.label}
            </ButtonLink>
          </li>
          <li className="flex">
            <ButtonLink
              to={pitch.href}
              download={pitch.fileName}
              type="application/pdf"
              variant="inverse"
              size="lg"
              className="w-full whitespace-normal! py-3 text-center"
            >
              <DownloadIcon aria-hidden="true" />
              <span>
                {partnerWithUs.actions.pitch.label} <span className="font-normal">(PDF, {pitch.size})</span>
              </span>
            </ButtonLink>
          </li>
          <li className="flex">
            <ButtonLink
              to={contact.to}
              variant="outline-inverse"
              size="lg"
              className="w-full whitespace-normal! py-3 text-center"
            >
              <HandshakeIcon aria-hidden="true" />
              {contact.label}
            </ButtonLink>
          </li>
        </ul>
      </Container>
    </section>
  );
}
