import { BriefcaseIcon, HandshakeIcon, MailIcon } from "lucide-react";
import { Container } from "~/components/ui/section";
import { company } from "~/content/company";

/** The hero's 'Join Our Mission' link targets this id. */
export const JOIN_SECTION_ID = "join-our-mission";

export function JoinOurMission() {
  return (
    <section
      id={JOIN_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="join-title"
      className="scroll-mt-24 bg-primary-900 py-16 text-white outline-none sm:py-20"
    >
      <Container>
        <div className="mx-auto max-w-3xl text-center">
          <p className="mb-3 text-sm font-semibold tracking-wider text-primary-100 uppercase">Work with us</p>
          <h2 id="join-title" className="text-3xl text-white sm:text-4xl">
            Join Our Mission
          </h2>
          <p className="mt-4 text-lg text-primary-50">
            We are looking for people who care about mothers and babies: clinicians, engineers, designers and partners.
            Tell us how you would like to help.
          </p>
        </div>
        <ul className="mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-2">
          <li className="rounded-card bg-primary-800 p-6 sm:p-8">
            <BriefcaseIcon aria-hidden="true" className="size-7 text-primary-100" />
            <h3 className="mt-4 text-xl text-white">Careers</h3>
            <p className="mt-2 text-primary-50">
              Send us your CV and a few lines on what you would bring to Maternis. We read every message.
            </p>
            <a
              href={`mailto:${company.email.careers}`}
              className="mt-5 inline-flex min-h-11 items-center gap-2 font-semibold break-all text-white underline underline-offset-4 hover:decoration-2"
            >
              <MailIcon aria-hidden="true" className="size-5 shrink-0" />
              {company.email.careers}
            </a>
          </li>
          <li className="rounded-card bg-primary-800 p-6 sm:p-8">
            <HandshakeIcon aria-hidden="true" className="size-7 text-primary-100" />
            <h3 className="mt-4 text-xl text-white">Partnerships and enquiries</h3>
            <p className="mt-2 text-primary-50">
              Health facilities, ministries, NGOs and investors: talk to us about pilots and partnerships.
            </p>
            <a
              href={`mailto:${company.email.enquiries}`}
              className="mt-5 inline-flex min-h-11 items-center gap-2 font-semibold break-all text-white underline underline-offset-4 hover:decoration-2"
            >
              <MailIcon aria-hidden="true" className="size-5 shrink-0" />
              {company.email.enquiries}
            </a>
          </li>
        </ul>
      </Container>
    </section>
  );
}
