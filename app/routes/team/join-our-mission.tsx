import { BriefcaseIcon, HandshakeIcon, MailIcon } from "lucide-react";
import { Container } from "~/components/ui/section";
import { company } from "~/platform/company";

/** The hero's 'Join Our Mission' link targets this id. */
export const JOIN_SECTION_ID = "join-our-mission";

/** The two ways to join, each with the address to write to. */
const ways = [
  {
    icon: BriefcaseIcon,
    title: "Careers",
    body: "Send us your CV and a few lines on what you would bring to Maternis. We read every message.",
    email: company.email.careers,
  },
  {
    icon: HandshakeIcon,
    title: "Partnerships and enquiries",
    body: "Health facilities, ministries, NGOs and investors: talk to us about pilots and partnerships.",
    email: company.email.enquiries,
  },
];

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
          {ways.map((way) => (
            <li key={way.title} className="rounded-card bg-primary-800 p-6 sm:p-8">
              <way.icon aria-hidden="true" className="size-7 text-primary-100" />
              <h3 className="mt-4 text-xl text-white">{way.title}</h3>
              <p className="mt-2 text-primary-50">{way.body}</p>
              <a
                href={`mailto:${way.email}`}
                className="mt-5 inline-flex min-h-11 items-center gap-2 font-semibold break-all text-white underline underline-offset-4 hover:decoration-2"
              >
                <MailIcon aria-hidden="true" className="size-5 shrink-0" />
                {way.email}
              </a>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
