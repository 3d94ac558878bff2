import { company } from "~/content/company";
import { responsePromises } from "~/content/milestones";
import { Greeting } from "./blocks";
import { defineEmail } from "./define";
import { EmailLayout } from "./layout";
import { sitePage } from "./links";
import { subjectLine } from "./utils";

/** To the person who requested a demo (the welcome payload: name and e-mail only). */
export type DemoWelcomeEmailProps = { name: string; email: string };

export const PreviewProps = {
  name: "Kwame Boateng",
  email: "kwame.boateng@example.org",
} satisfies DemoWelcomeEmailProps;

export const demoWelcomeTitle = "Thank you for requesting a demo";

export function demoWelcomeSubject(_props: DemoWelcomeEmailProps): string {
  return subjectLine(demoWelcomeTitle);
}

export function DemoWelcomeEmail(props: DemoWelcomeEmailProps) {
  return (
    <EmailLayout
      title={demoWelcomeTitle}
      preheader={`We will be in touch within ${responsePromises.demoFollowUp} to arrange your ${responsePromises.demoLength}.`}
      intro={
        <>
          <Greeting name={props.name} />
          <p>
            {`Thank you for your interest in ${company.brand}. A member of our team will reach out within ${responsePromises.demoFollowUp} to arrange a time that suits you.`}
          </p>
        </>
      }
      sections={[
        {
          heading: "What to expect",
          body: (
            <>
              <p>{`Your demo is a ${responsePromises.demoLength}, held online. We will:`}</p>
              <ul>
                <li>show how midwives create and update a mother&apos;s digital record</li>
                <li>{`explain how ${company.aiServiceName} flags pregnancies that may need extra care`}</li>
                <li>leave time for your questions about pilots, set-up and pricing</li>
              </ul>
            </>
          ),
        },
      ]}
      ctas={[{ label: "Explore the product", url: sitePage("/product") }]}
      secondaryCtas={[{ label: "Contact us", url: sitePage("/contact") }]}
      footerNote={`You are receiving this e-mail because this address was used to request a demo at ${company.siteUrl}. If that was not you, you can ignore this e-mail.`}
      variant="success"
    />
  );
}
export const demoWelcome = defineEmail<DemoWelcomeEmailProps>({
  subject: demoWelcomeSubject,
  Email: DemoWelcomeEmail,
  PreviewProps,
});
export default DemoWelcomeEmail;
